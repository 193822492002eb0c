// Who this registration is for, rendered on the server: the supplier's name and formatted CUIT, the
// environment, and for a renewal the certificate it replaces.
import { formatCuit } from '@/lib/ar/cuit-digits';
import { fill, formatDate, messagesFor, type Locale, type Messages } from '@/lib/i18n/messages';
import type { RegistrationView } from '@/lib/wizard/types';
import { EnvironmentBadge } from '@/components/registration/environment-badge';

interface SupplierHeaderProps {
  locale: Locale;
  view: Pick<RegistrationView, 'environment' | 'supplier' | 'renewal' | 'current_certificate'>;
}

export function SupplierHeader({ locale, view }: SupplierHeaderProps) {
  const t = messagesFor(locale);
  const { environment, supplier, renewal, current_certificate: current } = view;
  return (
    <header className="mb-6">
      <EnvironmentBadge environment={environment} label={t.environment[environment]} />
      <h1 className="mt-3 text-2xl font-semibold tracking-tight text-slate-900 break-words">{supplier.name}</h1>
      <p className="mt-1 text-slate-700">
        {t.supplier.cuit} <span className="font-medium tabular-nums">{formatCuit(supplier.tax_id.code)}</span>
      </p>
      {renewal && (
        <div className="mt-4 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sky-950">
          <p className="font-semibold">{t.renewal.title}</p>
          <p className="mt-1">{current ? currentCertificateNote(t, current, locale) : t.renewal.noCurrent}</p>
        </div>
      )}
    </header>
  );
}

/** The certificate being replaced: when it runs out, or that it already has. */
function currentCertificateNote(t: Messages, current: { alias: string; not_after: string }, locale: Locale): string {
  const note = Date.parse(current.not_after) <= Date.now() ? t.renewal.expired : t.renewal.current;
  return fill(note, { alias: current.alias, date: formatDate(current.not_after, locale) });
}
