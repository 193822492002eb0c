// What the company step starts with when the supplier has confirmed nothing yet: what the integrator put
// on the supplier entry, a GOBL party (its name, first address and first email), kept only where it fits
// the form.
import type { Party } from '@/lib/gov-ar/party';

export interface CompanyPrefill {
  legal_name: string;
  fiscal_address?: string;
  email?: string;
  /** The rest comes from the authority's register (register-prefill.ts), when it answered. */
  activity_code?: string;
  tax_classification?: 'responsable_inscripto' | 'monotributista' | 'exento';
  started_on?: string;
  /** `register`: the values come from the authority's constancia de inscripción (the wizard says so). */
  source?: 'register';
}

interface GoblAddress {
  num?: unknown;
  street?: unknown;
  street_extra?: unknown;
  locality?: unknown;
  region?: unknown;
  code?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** "Street 123, extra, Locality (code), Region", as the form's single line asks. */
export function addressLine(address: GoblAddress): string | undefined {
  const street = [text(address.street), text(address.num)].filter(Boolean).join(' ');
  const locality = [text(address.locality), text(address.code) && `(${text(address.code)})`].filter(Boolean).join(' ');
  const line = [street, text(address.street_extra), locality, text(address.region)].filter(Boolean).join(', ');
  return line.length >= 3 && line.length <= 300 ? line : undefined;
}

export function companyPrefill(party: Party): CompanyPrefill {
  const addresses = Array.isArray(party.addresses) ? (party.addresses as GoblAddress[]) : [];
  const emails = Array.isArray(party.emails) ? (party.emails as Array<{ addr?: unknown }>) : [];
  const fiscalAddress = addresses.map(addressLine).find(Boolean);
  const email = emails
    .map((item) => text(item?.addr))
    .find((addr) => addr && /^[^\s@]+@[^\s@]+$/.test(addr) && addr.length <= 254);
  return {
    legal_name: party.name,
    ...(fiscalAddress ? { fiscal_address: fiscalAddress } : {}),
    ...(email ? { email } : {}),
  };
}
