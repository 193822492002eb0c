// The one error type of the API: a stable code from a closed list; the HTTP status follows from it. The
// platform's codes are here; a service declares its own (lib/gov-ar/error-codes.ts) and registers their
// statuses at start-up, as it registers its folders and templates.
import type { ErrorBody } from '@/lib/responses/common';
import { processSingleton, sameClassInEveryBundle } from '@/lib/process-singleton';

const PLATFORM_ERROR_STATUS = {
  malformed_json: 400,
  malformed_request: 400,
  invalid_parameter: 400,
  invalid_cursor: 400,
  unauthorized: 401,
  invalid_client: 401,
  forbidden: 403,
  csrf_rejected: 403,
  enrollment_disabled: 403,
  not_found: 404,
  entry_not_found: 404,
  workflow_not_found: 404,
  job_not_found: 404,
  app_not_found: 404,
  enrollment_not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  id_unavailable: 409,
  app_not_connected: 409,
  file_too_large: 413,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  internal_error: 500,
  authority_unavailable: 503,
  service_unavailable: 503,
} as const;

/**
 * The codes services add, by declaration merging from their own module
 * (`declare module '@/lib/api/errors' { interface ServiceErrorStatus { ... } }`), each with its status.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the services' declaration merging
export interface ServiceErrorStatus {}

export type ErrorCode = keyof typeof PLATFORM_ERROR_STATUS | keyof ServiceErrorStatus;

/** Every code's HTTP status: the platform's, and those the services registered. */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = processSingleton(
  'error-statuses',
  () => ({ ...PLATFORM_ERROR_STATUS }) as Record<ErrorCode, number>,
);

/** A service's codes and their statuses (registering again is harmless). */
export function registerErrorStatuses(statuses: ServiceErrorStatus): void {
  Object.assign(ERROR_STATUS, statuses);
}

export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** More members of the body, for errors that say more (the supplier's messages in two languages, the entry a duplicate repeats). */
    readonly extra?: Pick<ErrorBody, 'messages' | 'service' | 'entry_id'>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = ERROR_STATUS[code];
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}), ...this.extra };
  }
}
sameClassInEveryBundle(ApiError, 'ApiError');

export const notFound = (what: 'entry' | 'workflow' | 'job' | 'app' | 'enrollment', id?: string) =>
  new ApiError(`${what}_not_found`, id ? `No ${what} ${id} in this workspace.` : `No such ${what}.`);

/**
 * A client-chosen id (`PUT .../{id}`) that another workspace holds: it can only be refused, and the refusal
 * says no more than that, the same whatever the other workspace stored under it.
 */
export const idUnavailable = (id: string) =>
  new ApiError('id_unavailable', `The id ${id} cannot be used here: choose another (a new UUID v7).`);

/** The tax authority did not answer (or answered nonsense): try again later; nothing was stored. */
export const authorityUnavailable = () =>
  new ApiError('authority_unavailable', 'The tax authority did not answer; try again in a few minutes.', undefined, {
    'retry-after': '30',
  });

/** A single field's validation failure, answered as 422 with `fields`. */
export const invalidField = (path: string, reason: string) =>
  new ApiError('validation_failed', `${path}: ${reason}`, { [path]: reason });
