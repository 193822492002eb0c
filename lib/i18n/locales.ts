// The languages the wizard speaks and how one is chosen (browser-safe): the supplier's own choice (the
// `lang` cookie the visible switch sets) wins; else English only when the browser's first preference is English.
export const LOCALES = ['es-AR', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'es-AR';
export const LOCALE_COOKIE = 'lang';

/** The locale the visible switch offers. */
export const otherLocale = (locale: Locale): Locale => (locale === 'en' ? 'es-AR' : 'en');

/** A calendar date, the same on the server and in the browser (fixed time zone: no hydration drift). */
export function formatDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'America/Argentina/Buenos_Aires' }).format(
    new Date(iso),
  );
}

/** A message with its {placeholders} filled in (messages are plain data, so the server can pass them as props). */
export function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}

export function resolveLocale(
  cookieValue: string | undefined | null,
  acceptLanguage: string | undefined | null,
): Locale {
  const chosen = LOCALES.find((locale) => locale.toLowerCase() === cookieValue?.trim().toLowerCase());
  if (chosen) return chosen;
  return /^en(-|$)/i.test(firstPreference(acceptLanguage ?? '') ?? '') ? 'en' : DEFAULT_LOCALE;
}

/** The highest-weighted language tag of an Accept-Language header (the first one on a tie). */
function firstPreference(header: string): string | undefined {
  let best: { tag: string; q: number } | undefined;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!tag.trim() || !(q > 0)) continue;
    if (!best || q > best.q) best = { tag: tag.trim(), q };
  }
  return best?.tag;
}
