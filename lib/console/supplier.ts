// What the console reads off a supplier entry: its registration link and whether it is still to use, its
// certificate, and which registration action its status allows.
import { GOV_AR_SRC, META_KEY } from '@/lib/gov-ar/app';
import { entryMoving } from '@/lib/console/job-watch';
import type { CertificateMeta, Job, MetaRecord, Page, SupplierEntry } from '@/lib/console/types';

/** Every status a supplier entry may have (the console's status filter). */
export const SUPPLIER_STATUSES = ['Empty', 'Processing', 'Registered', 'Error', 'Expired'] as const;

/** A page of the console's supplier list (GET /console/suppliers): the entries, and whose link still waits for them. */
export interface SupplierPage extends Page<SupplierEntry> { open_links?: string[] }

const newest = (meta: MetaRecord[], key: string) =>
  meta.filter((record) => record.src === GOV_AR_SRC && record.key === key).at(-1);

/** The link of the entry's latest registration job (a renewal adds a new one). */
export function registrationLink(entry: SupplierEntry): { ref?: string; url: string } | undefined {
  const record = newest(entry.meta, META_KEY.link);
  return record?.link_url ? { ref: record.ref, url: record.link_url } : undefined;
}

/**
 * What the supplier card says of the link: `open` (still to use: copy it), `being_made` (a job is making
 * it), `used` (the supplier registered with it: a renewal makes a new one), `closed` (its registration
 * failed), `none`. `linkOpen` is whether the newest link was made by the job still open now.
 */
export type LinkState = 'open' | 'being_made' | 'used' | 'closed' | 'none';

export function linkState(entry: SupplierEntry, linkOpen: boolean): LinkState {
  const link = registrationLink(entry);
  if (link && linkOpen) return 'open';
  if (entryMoving(entry)) return 'being_made';
  if (!link) return 'none';
  return entry.status === 'Registered' || entry.status === 'Expired' ? 'used' : 'closed';
}

/** Whether the newest link is still to use, from the entry's jobs (newest first): made by the job open now. */
export function linkOpenByJobs(entry: SupplierEntry, jobs: Job[]): boolean {
  const newestJob = jobs[0];
  const link = newest(entry.meta, META_KEY.link);
  if (!newestJob || !link || newestJob.status === 'completed' || newestJob.status === 'failed') return false;
  return Date.parse(link.created_at) >= Date.parse(newestJob.created_at);
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
