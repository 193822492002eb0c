// A page the proxy refuses before rendering (too many loads of a link, the emulator's portal without
// the operator's token): a short plain-text answer, in Spanish and English like the wizard, carrying
// the error's status and headers (Retry-After).
import { ApiError } from '@/lib/api/errors';

const SPANISH: Partial<Record<string, string>> = {
  rate_limited: 'Demasiadas solicitudes; vuelva a intentar en unos segundos.',
  unauthorized: 'Esta página es solo para el operador del servicio.',
  forbidden: 'Esta página no está habilitada en este servidor.',
  service_unavailable: 'El servicio está ocupado; vuelva a intentar en unos segundos.',
};

function refusalResponse(error: ApiError): Response {
  const text = [SPANISH[error.code], error.message].filter(Boolean).join('\n');
  return new Response(`${text}\n`, {
    status: error.status,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      ...error.headers,
    },
  });
}

/** Runs a gate that throws ApiError; its refusal as a page answer, or undefined to go on. */
export async function refusalOf(gate: () => Promise<void>): Promise<Response | undefined> {
  try {
    await gate();
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return refusalResponse(error);
    throw error;
  }
}
