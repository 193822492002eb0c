// The page for a link whose registration is finished: who was registered and until when the
// certificate is valid, and what to do if something has to change.
import { formatCuit } from '@/lib/ar/cuit-digits';
import type { RegisteredSummary } from '@/lib/gov-ar/registration/summary';
import { fill, formatDate, messagesFor, type Locale } from '@/lib/i18n/messages';
import { SummaryList, SummaryRow } from '@/components/summary-list';
import { EnvironmentBadge } from '@/components/registration/environment-badge';

export function RegistrationCompleted({ locale, summary }: { locale: Locale; summary: RegisteredSummary }) {
  const t = messagesFor(locale);
  const { supplier, certificate, environment } = summary;
  const registered = summary.status === 'Registered';
  return (
    <section aria-labelledby="registered-heading">
      <EnvironmentBadge environment={environment} label={t.environment[environment]} />
      <h1 id="registered-heading" className="mt-3 text-2xl font-semibold tracking-tight">
        {registered && (
          <span aria-hidden="true" className="mr-2 text-emerald-700">
            ✓
          </span>
        )}
        {t.registered.heading}
      </h1>
      <p className="mt-2 text-slate-700">
        {registered ? fill(t.registered.lead, { name: supplier.name }) : t.registered.failed}
      </p>
      <SummaryList className="mt-6">
        <SummaryRow term={t.supplier.legalName} value={supplier.name} />
        <SummaryRow term={t.supplier.cuit} value={formatCuit(supplier.cuit)} />
        {certificate && <SummaryRow term={t.registered.certificate} value={certificate.alias} />}
        {certificate && <SummaryRow term={t.registered.expires} value={formatDate(certificate.not_after, locale)} />}
      </SummaryList>
      <p className="mt-6 text-slate-700">{t.registered.help}</p>
    </section>
  );
}
