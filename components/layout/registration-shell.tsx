// The frame around a registration page: our brand header and footer, which `?embed=1` leaves out so
// the integrator's own console frames the wizard. The language switch stays in both.
import type { ReactNode } from 'react';
import { messagesFor, type Locale } from '@/lib/i18n/messages';
import { LanguageSwitch } from '@/components/i18n/language-switch';

export function RegistrationShell({
  locale,
  embedded,
  children,
}: {
  locale: Locale;
  embedded: boolean;
  children: ReactNode;
}) {
  const t = messagesFor(locale);
  if (embedded) {
    return (
      <div data-registration-page className="mx-auto w-full max-w-2xl px-4 py-4 sm:px-6">
        <div className="flex justify-end">
          <LanguageSwitch locale={locale} label={t.language.switchTo} />
        </div>
        <main id="contenido">{children}</main>
      </div>
    );
  }
  return (
    <div data-registration-page className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex w-full max-w-2xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <p className="flex items-center gap-2 font-semibold text-slate-800">
            <span
              aria-hidden="true"
              className="grid size-8 place-items-center rounded-lg bg-sky-700 text-sm text-white"
            >
              AR
            </span>
            <span className="leading-tight">{t.brand.name}</span>
          </p>
          <LanguageSwitch locale={locale} label={t.language.switchTo} />
        </div>
      </header>
      <main id="contenido" className="mx-auto w-full max-w-2xl flex-1 px-4 py-6 sm:px-6 sm:py-10">
        {children}
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <p className="mx-auto max-w-2xl px-4 py-4 text-sm text-slate-600 sm:px-6">{t.brand.footer}</p>
      </footer>
    </div>
  );
}
