'use client';
// The page's language and its strings for client components. The server decides the language
// (cookie, Accept-Language) and renders the one provider that imports only that language's strings.
import { createContext, useContext, type ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/locales';
import type { Messages } from '@/lib/i18n/messages';

interface PageLanguage {
  locale: Locale;
  messages: Messages;
}

const LocaleContext = createContext<PageLanguage | null>(null);

export function LocaleProvider({ locale, messages, children }: PageLanguage & { children: ReactNode }) {
  return <LocaleContext.Provider value={{ locale, messages }}>{children}</LocaleContext.Provider>;
}

function usePageLanguage(): PageLanguage {
  const language = useContext(LocaleContext);
  if (!language) throw new Error('The wizard needs a LocaleProvider above it');
  return language;
}

export const useLocale = (): Locale => usePageLanguage().locale;

export const useMessages = (): Messages => usePageLanguage().messages;
