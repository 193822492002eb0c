// What the console reads off a supplier's `gov-ar`/`registration` meta record (the latest registration's),
// in words: the wizard step, what is still to do, and what the supplier did with the link (opened it or
// not, how many uploads, the newest one refused and why), so "where is my supplier, and why" has an answer.
import { GOV_AR_SRC, META_KEY } from '@/lib/gov-ar/app';
import type { SupplierEntry } from '@/lib/console/types';

export interface RefusedUpload {
  code: string;
  message: string;
  at: string;
}

export interface RegistrationRecord {
  step: string;
  updated_at: string;
  pending: string[];
  /** Absent on records written before the service kept these facts. */
  link_opened_at?: string | null;
  upload_attempts?: number;
  last_failed_upload?: RefusedUpload | null;
}

/** The wizard's steps as the console names them (the wizard's own screens, in English). */
export const WIZARD_STEP_WORDS: Record<string, string> = {
  company: 'company details',
  path: 'certificate choice',
  portal: 'create the certificate in the portal',
  authorize: 'authorize the web service',
  upload: 'certificate upload',
  points_of_sale: 'points of sale',
  done: 'finished',
};

export const PENDING_WORDS: Record<string, string> = {
  company: 'confirm the company data',
  certificate: 'upload a certificate',
  service_authorization: 'authorize the web service',
  point_of_sale: 'add a point of sale for web services at ARCA',
};

export function registrationRecord(entry: SupplierEntry): RegistrationRecord | undefined {
  const record = entry.meta.filter((meta) => meta.src === GOV_AR_SRC && meta.key === META_KEY.registration).at(-1);
  const value = record?.value as RegistrationRecord | undefined;
  return value && typeof value.step === 'string' && Array.isArray(value.pending) ? value : undefined;
}

/** Waiting on the supplier, who either never opened the link or last had an upload refused. */
export function isStuck(entry: SupplierEntry): boolean {
  const record = registrationRecord(entry);
  return (
    entry.status === 'Processing' && record !== undefined && (!record.link_opened_at || !!record.last_failed_upload)
  );
}

/** One line for the supplier list: where the supplier is, and the last refusal if the link is still waiting. */
export function progressLine(entry: SupplierEntry): string | undefined {
  const record = registrationRecord(entry);
  if (!record) return undefined;
  if (entry.status !== 'Processing') return record.pending.length ? `Still to do: ${pendingWords(record)}` : undefined;
  if (!record.link_opened_at) return 'Link not opened yet';
  const attempts = record.upload_attempts ?? 0;
  const refused = record.last_failed_upload;
  if (refused) return `${uploadCount(attempts)}, last refused: ${refused.code}`;
  return `Opened; at ${WIZARD_STEP_WORDS[record.step] ?? record.step}`;
}

export const pendingWords = (record: RegistrationRecord) =>
  record.pending.map((item) => PENDING_WORDS[item] ?? item).join('; ');

export const uploadCount = (attempts: number) => `${attempts} upload${attempts === 1 ? '' : 's'} tried`;
