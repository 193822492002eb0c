// Tells the integrator's page (when the wizard runs in its iframe) what happened (the step, what is pending,
// the page's height so the frame fits it), only to the origins the workflow allows to embed it, and to our
// own for 'self'. Never '*'.

export interface RegistrationMessage {
  type: 'gov-ar.registration';
  /** `resize`: the wizard's page changed height (the host sizes its frame to it: no inner scrollbar). */
  event: 'step' | 'completed' | 'resize';
  /** The screen the supplier is on now (step events), as in the entry's gov-ar/registration record. */
  step?: string;
  ref: string;
  status: string;
  /** What the supplier still owes (as the record's `pending`). */
  pending?: string[];
  /** The wizard page's full height in CSS pixels, on every message. */
  height?: number;
}

/** The registration page's frame (components/layout/registration-shell.tsx) carries this attribute. */
const PAGE_CONTENT_ATTRIBUTE = 'data-registration-page';

/** What the page shows, measured rather than the document, which is never shorter than the frame. */
export const pageContent = (): Element | null =>
  typeof document === 'undefined' ? null : (document.querySelector(`[${PAGE_CONTENT_ATTRIBUTE}]`) ?? document.body);

/** The page's full height, for the host's frame. */
export function pageHeight(): number {
  const content = pageContent();
  return content ? Math.ceil(content.getBoundingClientRect().height) : 0;
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
