// Who this registration is for, rendered on the server: the supplier's name and formatted CUIT, the
// environment, and for a renewal the certificate it replaces.
import { formatCuit } from '@/lib/ar/cuit';
import { formatDate, messagesFor, type Locale } from '@/lib/i18n/messages';
import type { RegistrationView } from '@/lib/wizard/types';
import { EnvironmentBadge } from './environment-badge';

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
          <p className="mt-1">
            {current ? t.renewal.current(current.alias, formatDate(current.not_after, locale)) : t.renewal.noCurrent}
          </p>
        </div>
      )}
    </header>
  );
}
