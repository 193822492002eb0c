// The real 404 page (unknown registration links included), in both languages: the supplier's first,
// then the other, since a wrong link may have been opened by anyone. No "home" link for a registration
// link: our home is the developers' landing page, no place for a supplier.
import { headers } from 'next/headers';
import { requestLocale } from '@/lib/i18n/locale';
import { PAGE_AREA_HEADER } from '@/lib/server/security-headers';
import { messagesFor, otherLocale } from '@/lib/i18n/messages';

export default async function NotFound() {
  const [locale, headerList] = await Promise.all([requestLocale(), headers()]);
  // A supplier on a broken registration link has no use for our home page (the developers' landing page).
  const registrationLink = headerList.get(PAGE_AREA_HEADER) === 'reg';
  const [first, second] = [locale, otherLocale(locale)];
  const t = messagesFor(first);
  const other = messagesFor(second);
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center px-5 py-16">
      <p
        aria-hidden="true"
        className="grid size-14 place-items-center rounded-full bg-sky-100 text-2xl font-semibold text-sky-800"
      >
        ?
      </p>
      <h1 className="mt-6 text-2xl font-semibold tracking-tight">{t.notFound.heading}</h1>
      <p className="mt-3 text-lg leading-relaxed text-slate-700">{t.notFound.lead}</p>
      <div lang={second} className="mt-8 border-t border-slate-200 pt-6">
        <h2 className="text-lg font-medium text-slate-800">{other.notFound.heading}</h2>
        <p className="mt-2 leading-relaxed text-slate-600">{other.notFound.lead}</p>
      </div>
      {!registrationLink && (
        <p className="mt-8">
          {/* A plain link: next/link would add its script to every page under this boundary (the wizard's too). */}
          <a
            href="/"
            className="inline-flex min-h-12 items-center rounded-xl border border-slate-300 bg-white px-5 font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700"
          >
            {t.notFound.home}
          </a>
        </p>
      )}
    </main>
  );
}
