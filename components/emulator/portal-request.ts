'use client';
// One call to the emulator's JSON portal API from a form (a POST, or a GET below the resource): pending
// state (no double submit), the result, or the API's `{ code, message, fields }` error, after which focus
// goes to the first field to correct.
import { useEffect, useRef, useState } from 'react';

export type PortalEnvironment = 'sandbox' | 'live';

export const ENVIRONMENT_NAMES: Record<PortalEnvironment, string> = { sandbox: 'Homologación', live: 'Producción' };

export interface PortalError {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

type PortalState<T> =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'done'; result: T }
  | { status: 'failed'; error: PortalError };

const UNREACHABLE: PortalError = {
  code: 'network_error',
  message: 'No se pudo conectar con el emulador. Verifique que la aplicación siga en marcha y vuelva a intentar.',
};

export function usePortalRequest<T>(
  resource: 'certificates' | 'authorizations' | 'points-of-sale' | 'revocations' | 'taxpayers',
) {
  const [state, setState] = useState<PortalState<T>>({ status: 'idle' });
  const inFlight = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const error = state.status === 'failed' ? state.error : undefined;
  // After a refused submit, keyboard and screen-reader users land on the first field to correct.
  useEffect(() => {
    if (error) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error]);

  const submit = (body: Record<string, unknown>) =>
    send(`/emulator/portal/${resource}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  /** A GET of one item of the resource, e.g. `20123456786?environment=sandbox`. */
  const load = (item: string) => send(`/emulator/portal/${resource}/${item}`, { method: 'GET' });

  async function send(path: string, init: RequestInit): Promise<T | undefined> {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setState({ status: 'pending' });
    try {
      const response = await fetch(path, init);
      const payload: unknown = await response.json().catch(() => undefined);
      if (!response.ok) {
        const error = isPortalError(payload)
          ? payload
          : { code: `http_${response.status}`, message: response.statusText };
        setState({ status: 'failed', error });
        return undefined;
      }
      setState({ status: 'done', result: payload as T });
      return payload as T;
    } catch {
      setState({ status: 'failed', error: UNREACHABLE });
      return undefined;
    } finally {
      inFlight.current = false;
    }
  }

  return {
    submit,
    load,
    formRef,
    pending: state.status === 'pending',
    result: state.status === 'done' ? state.result : undefined,
    error,
  };
}

function isPortalError(value: unknown): value is PortalError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PortalError).code === 'string' &&
    typeof (value as PortalError).message === 'string'
  );
}
