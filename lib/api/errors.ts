// The one error type of the API: a stable code from a closed list; the HTTP status follows from it.
import type { ErrorBody } from '@/lib/responses/common';
import { sameClassInEveryBundle } from '@/lib/process-singleton';

export const ERROR_STATUS = {
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
  link_not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  app_not_connected: 409,
  registration_in_progress: 409,
  registration_incomplete: 409,
  invoice_in_progress: 409,
  invoice_already_sent: 409,
  duplicate_invoice: 409,
  link_used: 409,
  file_too_large: 413,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  certificate_missing: 422,
  certificate_unreadable: 422,
  certificate_is_request: 422,
  key_missing: 422,
  key_unreadable: 422,
  key_unsupported: 422,
  key_too_weak: 422,
  key_password_required: 422,
  key_password_invalid: 422,
  key_mismatch: 422,
  certificate_expired: 422,
  certificate_not_yet_valid: 422,
  certificate_untrusted: 422,
  certificate_wrong_environment: 422,
  certificate_cuit_mismatch: 422,
  certificate_revoked: 422,
  service_not_authorized: 422,
  supplier_not_registered: 422,
  point_of_sale_not_registered: 422,
  rate_limited: 429,
  internal_error: 500,
  authority_unavailable: 503,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

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

/** The tax authority did not answer (or answered nonsense): try again later; nothing was stored. */
export const authorityUnavailable = () =>
  new ApiError('authority_unavailable', 'The tax authority did not answer; try again in a few minutes.', undefined, {
    'retry-after': '30',
  });

/** A single field's validation failure, answered as 422 with `fields`. */
export const invalidField = (path: string, reason: string) =>
  new ApiError('validation_failed', `${path}: ${reason}`, { [path]: reason });
