// Every string of the wizard and its pages, per locale (browser-safe). Spanish (es-AR) is the primary
// voice; English mirrors it key for key, which the Messages type enforces. Messages are plain data
// (strings with {placeholders}, see fill): the page hands its language's messages to the browser as props.
import type { Locale } from '@/lib/i18n/locales';
import { en } from '@/lib/i18n/en';
import { esAR } from '@/lib/i18n/es-AR';

// Client components import these from ./locales (and their strings through the locale context):
// importing this module ships both languages' strings.
export { fill, formatDate, otherLocale } from '@/lib/i18n/locales';

export type { Locale };
export type Messages = typeof esAR;

const MESSAGES: Record<Locale, Messages> = { 'es-AR': esAR, en };

export function messagesFor(locale: Locale): Messages {
  return MESSAGES[locale];
}
