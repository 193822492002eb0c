// The browser's calls to gov-ar/v1 for one registration link (the ref is the capability: no token), and
// the one sentence a failed call becomes for the supplier, in their language.
import type { ProgressBody } from '@/lib/responses/gov-ar-progress';
import type { Locale, Messages } from '@/lib/i18n/messages';
import type {
  CertificateRequest,
  PointsOfSale,
  Progress,
  RegistrationView,
  ServiceErrorBody,
} from '@/lib/wizard/types';

/** A non-2xx answer of the service, with its body and the Retry-After it asked for. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly body: ServiceErrorBody,
    readonly retryAfterSeconds?: number,
  ) {
    super(body.message);
    this.name = 'ServiceError';
  }
}

/** Whatever a call to the service threw, as one sentence for the supplier. */
export function serviceErrorMessage(error: unknown, locale: Locale, t: Messages): string {
  if (!(error instanceof ServiceError)) return t.errors.network;
  const { body } = error;
  if (body.messages) return locale === 'en' ? body.messages.en : body.messages.es;
  if (body.code === 'link_used') return t.errors.linkUsed;
  return t.errors.generic;
}

export const registrationPath = (ref: string) => `/gov-ar/v1/registrations/${encodeURIComponent(ref)}`;

function parseRetryAfter(value: string | null): number | undefined {
  const seconds = value ? Number(value) : NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

export function toServiceError(status: number, text: string, retryAfter: string | null): ServiceError {
  let body: ServiceErrorBody;
  try {
    body = JSON.parse(text) as ServiceErrorBody;
  } catch {
    body = { code: status >= 500 ? 'internal_error' : 'malformed_request', message: text.slice(0, 200) };
  }
  return new ServiceError(status, body, parseRetryAfter(retryAfter));
}

async function call<T>(ref: string, suffix: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${registrationPath(ref)}${suffix}`, {
    ...init,
    headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}) },
    cache: 'no-store',
  });
  const text = await response.text();
  if (!response.ok) throw toServiceError(response.status, text, response.headers.get('retry-after'));
  return JSON.parse(text) as T;
}

export const requestCertificateRequest = (ref: string) => call<CertificateRequest>(ref, '/csr', { method: 'POST' });

export const saveProgress = (ref: string, body: ProgressBody) =>
  call<{ progress: Progress }>(ref, '/progress', { method: 'PUT', body: JSON.stringify(body) });

export const fetchPointsOfSale = (ref: string) => call<PointsOfSale>(ref, '/points-of-sale');

export const fetchRegistration = (ref: string) => call<RegistrationView>(ref, '');
