// Turns whatever a call to the service threw into one sentence for the supplier, in their language.
import type { Locale, Messages } from '@/lib/i18n/messages';
import { ServiceError } from '@/lib/wizard/api';

export function serviceErrorMessage(error: unknown, locale: Locale, t: Messages): string {
  if (!(error instanceof ServiceError)) return t.errors.network;
  const { body } = error;
  if (body.messages) return locale === 'en' ? body.messages.en : body.messages.es;
  if (body.code === 'link_used') return t.errors.linkUsed;
  return t.errors.generic;
}
