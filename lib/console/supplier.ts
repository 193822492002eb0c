// What the console reads off a supplier entry: its registration link, its certificate, and which
// registration action its status allows.
import { GOV_AR_SRC, META_KEY } from '@/lib/gov-ar/app';
import type { CertificateMeta, MetaRecord, SupplierEntry } from '@/lib/console/types';

const newest = (meta: MetaRecord[], key: string) =>
  meta.filter((record) => record.src === GOV_AR_SRC && record.key === key).at(-1);

/** The link of the entry's latest registration job (a renewal adds a new one). */
export function registrationLink(entry: SupplierEntry): { ref?: string; url: string } | undefined {
  const record = newest(entry.meta, META_KEY.link);
  return record?.link_url ? { ref: record.ref, url: record.link_url } : undefined;
}

/** The certificate the supplier registered last, when the service records one. */
export function registeredCertificate(entry: SupplierEntry): CertificateMeta | undefined {
  const value = newest(entry.meta, META_KEY.certificate)?.value;
  if (typeof value !== 'object' || value === null) return undefined;
  const certificate = value as Partial<CertificateMeta>;
  return typeof certificate.not_after === 'string' ? (certificate as CertificateMeta) : undefined;
}

export type RegistrationAction = 'start' | 'renew';

/** A first (or failed) registration is started; a registered or lapsed one is renewed; one in progress waits. */
export function registrationAction(status: string): RegistrationAction | undefined {
  if (status === 'Empty' || status === 'Error') return 'start';
  if (status === 'Registered' || status === 'Expired') return 'renew';
  return undefined;
}

export const supplierName = (entry: SupplierEntry) => entry.data.name ?? '(no name)';
export const supplierCuit = (entry: SupplierEntry) => entry.data.tax_id?.code;
