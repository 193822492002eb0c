// Everything a registration link leads to: the link record, its job, the supplier entry, the
// workspace's environment and the web services the workflow needs.
import { ApiError } from '@/lib/api/errors';
import type { Entry, JobRow, MetaRecordRow, RegistrationKey, RegistrationProgress, WorkflowRow } from '@/lib/db/schema';
import type { Environment } from '@/lib/ar/environments';
import { getRegistrationByRef } from '@/lib/gov-ar/registration/queries';
import type { Party } from '@/lib/gov-ar/party';
import { awaitsSupplier } from '@/lib/transform/queries';
import { servicesForLetters } from '@/lib/ar/services';
import { REF_SHAPE } from '@/lib/gov-ar/registration/schemas';

export interface RegistrationContext {
  ref: string;
  link: MetaRecordRow;
  job: JobRow;
  entry: Entry;
  workflow: WorkflowRow;
  party: Party;
  environment: Environment;
  services: ReturnType<typeof servicesForLetters>;
  /** The job still waits for the supplier (the link can be used). */
  open: boolean;
  /** Where the supplier is in the wizard, if they saved anything (read with the rest: one query). */
  progress?: RegistrationProgress;
  /** The key pair we made for the link (POST .../csr), if any. */
  generatedKey?: RegistrationKey;
}

const linkNotFound = () => new ApiError('link_not_found', 'This registration link does not exist.');

/**
 * The registration behind a link; unknown or malformed refs are `link_not_found`. One query either
 * way, so an unknown ref and a used one take the same time to answer (refs cannot be probed).
 */
export async function loadRegistration(ref: string): Promise<RegistrationContext> {
  if (!REF_SHAPE.test(ref)) throw linkNotFound();
  const row = await getRegistrationByRef(ref);
  if (!row) throw linkNotFound();
  return {
    ref,
    link: row.link,
    job: row.job,
    entry: row.entry,
    workflow: row.workflow,
    party: row.entry.data as Party,
    environment: row.sandbox ? 'sandbox' : 'live',
    services: servicesForLetters(row.workflow.config.invoiceTypes),
    open: awaitsSupplier(row.job),
    progress: row.progress ?? undefined,
    generatedKey: row.generatedKey ?? undefined,
  };
}

/** A registration whose link can still be used, else `link_used`. */
export async function loadOpenRegistration(ref: string): Promise<RegistrationContext> {
  const registration = await loadRegistration(ref);
  if (!registration.open)
    throw new ApiError('link_used', 'This registration is complete; the link cannot be used again.');
  return registration;
}

/** Resolves a link for a page: undefined where the API would say link_not_found. */
export async function findRegistration(ref: string): Promise<RegistrationContext | undefined> {
  try {
    return await loadRegistration(ref);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'link_not_found') return undefined;
    throw error;
  }
}
