// The job steps and meta records the console shows, in words: integrators read "Wait for the supplier's
// certificate", not `gov-ar.wait.authorization` (the technical name stays in the element's title).
const STEP_WORDS: Record<string, string> = {
  'silo.status.processing': 'Set the status to Processing',
  'silo.status.registered': 'Set the status to Registered',
  'silo.status.sent': 'Set the status to Sent',
  'silo.status.error': 'Set the status to Error',
  'gov-ar.register': 'Make the registration link',
  'gov-ar.wait.authorization': "Wait for the supplier's certificate",
  'gov-ar.send': 'Send to the authority for its CAE',
  'gov-ar.pdf': 'Keep the PDF',
  'webhook.send': 'Send the webhook',
};

/** A step's name in words; one the console does not know, with its dots and dashes made spaces. */
export function stepWords(name: string): string {
  return STEP_WORDS[name] ?? sentence(name.replace(/[._-]+/g, ' '));
}

const RECORD_WORDS: Record<string, string> = {
  link: 'Registration link',
  registration: "The supplier's progress",
  certificate: 'Certificate',
  company: 'Company data the supplier confirmed',
  pdf: 'PDF',
  'arca-errors': "The authority's errors",
  'arca-observations': "The authority's observations",
};

/** A meta record's title: `Certificate`, or its key in words for one the console does not know. */
export const recordTitle = (key: string) => RECORD_WORDS[key] ?? sentence(key.replace(/[._-]+/g, ' '));

/** `link_opened_at` → `Link opened at`. */
const fieldWords = (key: string) => sentence(key.replace(/[._-]+/g, ' '));

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/**
 * A record's value as lines of "label: text", nested objects' labels joined ("Last failed upload, code"),
 * lists joined by commas, times given back to the caller's formatter; never raw JSON.
 */
export function valueLines(
  value: unknown,
  formatTime: (iso: string) => string,
  label = '',
): { label: string; text: string }[] {
  if (value === null || value === undefined || value === '') return label ? [{ label, text: '—' }] : [];
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item !== 'object' || item === null)) {
      return [{ label, text: value.length ? value.map(String).map(fieldWords).join(', ') : 'none' }];
    }
    return value.flatMap((item, at) => valueLines(item, formatTime, `${label}${label ? ' ' : ''}${at + 1}`));
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) =>
      valueLines(item, formatTime, label ? `${label}, ${fieldWords(key).toLowerCase()}` : fieldWords(key)),
    );
  }
  const text = String(value);
  return [{ label, text: typeof value === 'string' && ISO_TIME.test(text) ? formatTime(text) : text }];
}
