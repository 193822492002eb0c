// Tells the integrator's page (when the wizard runs in its iframe) what happened, only to the origins
// the workflow allows to embed it, and to our own for 'self'. Never '*'.

export interface RegistrationMessage {
  type: 'gov-ar.registration';
  event: 'step' | 'completed';
  /** The screen the supplier is on now (step events), as in the entry's gov-ar/registration record. */
  step?: string;
  ref: string;
  status: string;
  /** What the supplier still owes (as the record's `pending`). */
  pending?: string[];
}

function messageTargets(allowedOrigins: readonly string[], ownOrigin: string): string[] {
  const origins = allowedOrigins
    .map((origin) => (origin === "'self'" || origin === 'self' ? ownOrigin : origin))
    .filter((origin) => /^https?:\/\/[^/*]+$/i.test(origin));
  return [...new Set([ownOrigin, ...origins])];
}

export function postToEmbedder(message: RegistrationMessage, allowedOrigins: readonly string[]): void {
  if (typeof window === 'undefined' || window.parent === window) return;
  for (const targetOrigin of messageTargets(allowedOrigins, window.location.origin)) {
    try {
      window.parent.postMessage(message, targetOrigin);
    } catch {
      // A malformed origin in the configuration must not break the wizard.
    }
  }
}
