'use client';
// The visible language switch: remembers the choice for a year and re-renders the page in it, on the same step.
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { LOCALE_COOKIE, LOCALE_PARAM, otherLocale, type Locale } from '@/lib/i18n/locales';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** `label` is the other language's name, given by the server (this module carries no strings). */
export function LanguageSwitch({ locale, label }: { locale: Locale; label: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const target = otherLocale(locale);
  const switchLanguage = () => {
    // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie the server reads on the next request; cookieStore is async and missing in older browsers.
    document.cookie = `${LOCALE_COOKIE}=${target}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
    // A link's `?lang=` would decide again on the refresh: the cookie holds the choice now. The rest of the
    // address (the step, embed=1) stays, and so does the wizard's state: a refresh re-renders in place.
    const url = new URL(window.location.href);
    if (url.searchParams.has(LOCALE_PARAM)) {
      url.searchParams.delete(LOCALE_PARAM);
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
    startTransition(() => router.refresh());
  };
  return (
    <button
      type="button"
      lang={target}
      onClick={switchLanguage}
      disabled={pending}
      className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 disabled:opacity-60"
    >
      {label}
    </button>
  );
}
