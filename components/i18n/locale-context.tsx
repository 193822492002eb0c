'use client';
// The page's language for client components; the server decides it (cookie, Accept-Language).
import { createContext, useContext, type ReactNode } from 'react';
import { messagesFor, type Locale, type Messages } from '@/lib/i18n/messages';

const LocaleContext = createContext<Locale>('es-AR');

export function LocaleProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

export const useLocale = (): Locale => useContext(LocaleContext);

export const useMessages = (): Messages => messagesFor(useContext(LocaleContext));
