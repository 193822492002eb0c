'use client';
// The client side's shared state: TanStack Query for the gov-ar service, and the page's language.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { messagesFor, type Locale } from '@/lib/i18n/messages';
import { LocaleProvider } from '@/components/i18n/locale-context';

export function Providers({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false }, mutations: { retry: 0 } },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <LocaleProvider locale={locale} messages={messagesFor(locale)}>
        {children}
      </LocaleProvider>
    </QueryClientProvider>
  );
}
