// What the console reads off a supplier entry: its registration link and whether it is still to use, its
// certificate, and which registration action its status allows.
import { GOV_AR_SRC, META_KEY } from '@/lib/gov-ar/app';
import type { CertificateMeta, Job, MetaRecord, Page, SupplierEntry } from '@/lib/console/types';

const newest = (meta: MetaRecord[], key: string) =>
  meta.filter((record) => record.src === GOV_AR_SRC && record.key === key).at(-1);

/** Every status a supplier entry may have (the console's status filter). */
export const SUPPLIER_STATUSES = ['Empty', 'Processing', 'Registered', 'Error', 'Expired'] as const;

/** A page of the console's supplier list (GET /console/suppliers): the entries, and where their open jobs' links are. */
export interface SupplierPage extends Page<SupplierEntry> {
  open_links?: string[];
  making_links?: string[];
}

/** The link of the entry's latest registration job (a renewal adds a new one). */
export function registrationLink(entry: SupplierEntry): { ref?: string; url: string } | undefined {
  const record = newest(entry.meta, META_KEY.link);
  return record?.link_url ? { ref: record.ref, url: record.link_url } : undefined;
}

/**
 * Where the supplier's registration job is: `link_open` (open, and it made the newest link: still to use),
 * `making_link` (open, its link not made yet), `ended` (none open: the newest link was used, or failed).
 */
export type RegistrationJobState = 'link_open' | 'making_link' | 'ended';

/**
 * What the console says of the link: `open` (copy it), `being_made`, `used` (the supplier registered with
 * it: a renewal makes a new one), `closed` (its registration failed), `none`.
 */
export type LinkState = 'open' | 'being_made' | 'used' | 'closed' | 'none';

export function linkState(entry: SupplierEntry, job: RegistrationJobState): LinkState {
  const link = registrationLink(entry);
  if (job === 'link_open' && link) return 'open';
  if (job !== 'ended') return 'being_made';
  if (!link) return 'none';
  return entry.status === 'Registered' || entry.status === 'Expired' ? 'used' : 'closed';
}

/** The same from the entry's jobs (newest first): is the newest open, and did it make the newest link? */
export function registrationJobState(entry: SupplierEntry, jobs: Job[]): RegistrationJobState {
  const newestJob = jobs[0];
  if (!newestJob || newestJob.status === 'completed' || newestJob.status === 'failed') return 'ended';
  const link = newest(entry.meta, META_KEY.link);
  return link && Date.parse(link.created_at) >= Date.parse(newestJob.created_at) ? 'link_open' : 'making_link';
}

/** From a page of the console's list. */
export function registrationJobStateIn(pages: SupplierPage[], entryId: string): RegistrationJobState {
  if (pages.some((page) => page.open_links?.includes(entryId))) return 'link_open';
  if (pages.some((page) => page.making_links?.includes(entryId))) return 'making_link';
  return 'ended';
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
