// Every string of the wizard and its pages, per locale (browser-safe). Spanish (es-AR) is the primary
// voice; English mirrors it key for key, which the Messages type enforces.
import type { Locale } from './locales';
import { en } from './en';
import { esAR } from './es-AR';

export type { Locale };
export type Messages = typeof esAR;

const MESSAGES: Record<Locale, Messages> = { 'es-AR': esAR, en };

export function messagesFor(locale: Locale): Messages {
  return MESSAGES[locale];
}

/** The locale the visible switch offers. */
export const otherLocale = (locale: Locale): Locale => (locale === 'en' ? 'es-AR' : 'en');

/** A calendar date, the same on the server and in the browser (fixed time zone: no hydration drift). */
export function formatDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date(iso));
}
