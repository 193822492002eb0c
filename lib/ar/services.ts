// The authority's web services by invoice letter, and the portal where a supplier authorises them. The source
// description groups E with A, B, C; the authority itself serves exports (E) from wsfex and tourism (T) from
// wsct, and this table says so.
import { letterOf } from '@/lib/ar/arca/extensions';

/** The portal's Clave Fiscal login, where a supplier does what the wizard explains (the same for homologación
 * and producción: WSASS is a service inside it). */
export const ARCA_LOGIN_URL = 'https://auth.afip.gob.ar/contribuyente_/login.xhtml';

/** The web services a supplier may be authorised for: invoices (A, B, C, M), exports (E), tourism (T). */
export type AuthorityService = 'wsfe' | 'wsfex' | 'wsct';

export const INVOICE_LETTERS = ['A', 'B', 'C', 'M', 'E', 'T'] as const;
export type InvoiceLetter = (typeof INVOICE_LETTERS)[number];

export const SERVICE_BY_LETTER: Record<InvoiceLetter, AuthorityService> = {
  A: 'wsfe',
  B: 'wsfe',
  C: 'wsfe',
  M: 'wsfe',
  E: 'wsfex',
  T: 'wsct',
};

export const AUTHORITY_SERVICES: readonly AuthorityService[] = ['wsfe', 'wsfex', 'wsct'];

export const DEFAULT_INVOICE_LETTERS: InvoiceLetter[] = ['A', 'B', 'C'];

/** The services to authorise for these letters, in catalogue order, each once. */
export function servicesForLetters(letters: readonly string[] = DEFAULT_INVOICE_LETTERS): AuthorityService[] {
  const needed = new Set(letters.map((letter) => SERVICE_BY_LETTER[letter as InvoiceLetter]).filter(Boolean));
  return AUTHORITY_SERVICES.filter((service) => needed.has(service));
}

/** The service that authorises a voucher type: wsfex for 19-21, wsct for 195-197, wsfe for the rest (49 too). */
export const serviceOfDocType = (docType: number): AuthorityService =>
  SERVICE_BY_LETTER[(letterOf(String(docType)) ?? 'A') as InvoiceLetter];
