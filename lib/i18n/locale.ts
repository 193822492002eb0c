// The page's language on the server, read from the request (lib/i18n/locales.ts decides).
import { cookies, headers } from 'next/headers';
import { LOCALE_COOKIE, LOCALE_HEADER, LOCALES, resolveLocale, type Locale } from '@/lib/i18n/locales';

export { DEFAULT_LOCALE, LOCALE_COOKIE, resolveLocale, type Locale } from '@/lib/i18n/locales';

/** The locale of the request being rendered (server components and route handlers only). */
export async function requestLocale(): Promise<Locale> {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  // Set by the proxy (which drops any a client sent): the console's English, or a link's `?lang=`.
  const decided = LOCALES.find((locale) => locale === headerList.get(LOCALE_HEADER));
  if (decided) return decided;
  return resolveLocale(cookieStore.get(LOCALE_COOKIE)?.value, headerList.get('accept-language'));
}
