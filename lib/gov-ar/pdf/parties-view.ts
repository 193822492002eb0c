// The issuer's block as every printed voucher has it (RG 1415: name, razón social when another, domicilio
// comercial, condición frente al IVA, CUIT, Ingresos Brutos, inicio de actividades), from the company as
// registered and, where it is silent, the envelope; and an address written on one line.
import type { CalculableInvoice } from '@/lib/gobl/invoice';
import { TAG_MONOTAX } from '@/lib/ar/arca/extensions';
import { formatCuit } from '@/lib/ar/cuit-digits';
import { formatDate } from '@/lib/gov-ar/pdf/format';
import type { InvoicePdfInput } from '@/lib/gov-ar/pdf/input';
import {
  supplierConditionLabel,
  supplierConditionOf,
  type LabelledValue,
  type VoucherKind,
} from '@/lib/gov-ar/pdf/labels';

export type Address = {
  num?: string;
  street?: string;
  street_extra?: string;
  locality?: string;
  region?: string;
  code?: string;
  country?: string;
};
export type Party = NonNullable<CalculableInvoice['customer']> & { name?: string; addresses?: Address[] };

export interface SupplierView {
  name: string;
  details: LabelledValue[];
  voucherDetails: LabelledValue[];
}

/** The issuer block's labels; an export voucher prints them in its own language. */
export interface SupplierLabels {
  legalName: string;
  commercialAddress: string;
  vatCondition: string;
  grossIncome: string;
  activityStart: string;
}

const SPANISH_SUPPLIER_LABELS: SupplierLabels = {
  legalName: 'Razón social',
  commercialAddress: 'Domicilio comercial',
  vatCondition: 'Condición frente al IVA',
  grossIncome: 'Ingresos Brutos',
  activityStart: 'Fecha de inicio de actividades',
};

/** `Av. Santa Fe 2500, C1123 Buenos Aires, Ciudad Autónoma de Buenos Aires` (a foreign country last). */
export function addressLine(address: Address | undefined): string | undefined {
  if (!address) return undefined;
  const street = [address.street, address.num].filter(Boolean).join(' ');
  const town = [address.code, address.locality].filter(Boolean).join(' ');
  const country = address.country && address.country !== 'AR' ? address.country : undefined;
  const parts = [street, address.street_extra, town, address.region, country].filter((part) => part?.trim());
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** Two spellings of one name: case, spacing and accents aside. */
const sameName = (a: string, b: string) => {
  const plain = (text: string) =>
    text.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();
  return plain(a) === plain(b);
};

export function supplierView(
  input: InvoicePdfInput,
  doc: CalculableInvoice,
  kind: VoucherKind,
  labels: SupplierLabels = SPANISH_SUPPLIER_LABELS,
): SupplierView {
  const party = doc.supplier as Party | undefined;
  const company = input.supplier ?? {};
  const condition = company.vatCondition ?? supplierConditionOf(kind.letter, doc.$tags?.includes(TAG_MONOTAX) ?? false);
  const address = company.commercialAddress ?? addressLine(party?.addresses?.[0]);
  const legalName = company.legalName ?? party?.name ?? '';
  // The heading is the name the invoice is issued under (a trade name, or the razón social itself): the
  // razón social is printed again, labelled, only when it is another name (RG 1415 asks for it once).
  const name = party?.name?.trim() || legalName;
  const cuit = party?.tax_id?.code ? formatCuit(party.tax_id.code) : '';
  return {
    name,
    details: [
      ...(sameName(legalName, name) ? [] : [{ label: labels.legalName, value: legalName }]),
      ...(address ? [{ label: labels.commercialAddress, value: address }] : []),
      ...(condition ? [{ label: labels.vatCondition, value: supplierConditionLabel(condition) }] : []),
    ],
    voucherDetails: [
      { label: 'CUIT', value: cuit },
      ...(company.grossIncome ? [{ label: labels.grossIncome, value: company.grossIncome }] : []),
      ...(company.activityStart ? [{ label: labels.activityStart, value: formatDate(company.activityStart) }] : []),
    ],
  };
}
