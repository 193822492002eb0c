// The languages the wizard speaks and how one is chosen (browser-safe): the link's `?lang=` wins (the proxy
// turns it into the choice), then the supplier's own choice (the `lang` cookie the visible switch sets); else
// English only when the browser's first preference is English.
export const LOCALES = ['es-AR', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'es-AR';
export const LOCALE_COOKIE = 'lang';
/** A link's `?lang=en` (or `es`) opens the page in that language: an integrator can send an English link. */
export const LOCALE_PARAM = 'lang';
/** The request header the proxy sets to the page's language when the path or the link decides it. */
export const LOCALE_HEADER = 'x-page-locale';

/** The locale a link's `?lang=` names (`en`, `es`, `es-AR`, any case); undefined for anything else. */
export function localeFromParam(value: string | null | undefined): Locale | undefined {
  const wanted = value?.trim().toLowerCase();
  if (!wanted) return undefined;
  if (wanted === 'es') return 'es-AR';
  return LOCALES.find((locale) => locale.toLowerCase() === wanted);
}

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
