// The one error type of the API: a stable code from a closed list; the HTTP status follows from it.

export const ERROR_STATUS = {
  malformed_json: 400,
  invalid_parameter: 400,
  invalid_cursor: 400,
  unauthorized: 401,
  invalid_client: 401,
  forbidden: 403,
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
  link_used: 409,
  file_too_large: 413,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = ERROR_STATUS[code];
  }

  toBody(): ErrorBody {
    return this.fields ? { code: this.code, message: this.message, fields: this.fields } : { code: this.code, message: this.message };
  }
}

export const notFound = (what: 'entry' | 'workflow' | 'job' | 'app' | 'enrollment', id?: string) =>
  new ApiError(`${what}_not_found`, id ? `No ${what} ${id} in this workspace.` : `No such ${what}.`);

/** A single field's validation failure, answered as 422 with `fields`. */
export const invalidField = (path: string, reason: string) =>
  new ApiError('validation_failed', `${path}: ${reason}`, { [path]: reason });
