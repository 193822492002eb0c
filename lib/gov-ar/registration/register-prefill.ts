// The company step's starting values from the authority's register (constancia de inscripción): legal
// name, domicilio fiscal, main activity, IVA condition and start, over what the integrator put on the entry
// (the email stays the entry's). The register down, slow or silent: the entry's values alone, nothing fails.
import 'server-only';
import { registerAddressLine, type RegisterTaxpayer } from '@/lib/ar/register';
import type { Environment } from '@/lib/ar/environments';
import type { CompanyPrefill } from '@/lib/gov-ar/registration/party-prefill';
import { registerEntryOrNothing } from '@/lib/gov-ar/taxpayers/lookup';

const CLASSIFICATION_BY_VAT_CODE: Partial<Record<number, NonNullable<CompanyPrefill['tax_classification']>>> = {
  1: 'responsable_inscripto',
  4: 'exento',
  6: 'monotributista',
};

function prefillFromRegister(entry: CompanyPrefill, taxpayer: RegisterTaxpayer): CompanyPrefill {
  const address = taxpayer.address ? registerAddressLine(taxpayer.address) : undefined;
  const activity = taxpayer.activities[0]?.code;
  const classification = CLASSIFICATION_BY_VAT_CODE[taxpayer.vat_status.code];
  return {
    legal_name: taxpayer.name.slice(0, 300) || entry.legal_name,
    ...(address && address.length >= 3
      ? { fiscal_address: address.slice(0, 300) }
      : entry.fiscal_address
        ? { fiscal_address: entry.fiscal_address }
        : {}),
    ...(entry.email ? { email: entry.email } : {}),
    ...(activity ? { activity_code: activity } : {}),
    ...(classification ? { tax_classification: classification } : {}),
    ...(taxpayer.started_on ? { started_on: taxpayer.started_on } : {}),
    source: 'register',
  };
}

/** The entry's prefill, filled from the register when it answers for this CUIT. */
export async function companyPrefillWithRegister(
  environment: Environment,
  cuit: string,
  entry: CompanyPrefill,
): Promise<CompanyPrefill> {
  const lookup = await registerEntryOrNothing(environment, cuit);
  return lookup.found ? prefillFromRegister(entry, lookup.taxpayer) : entry;
}
