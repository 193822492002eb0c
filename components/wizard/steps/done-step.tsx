'use client';
// Step (g): what was registered, until when the certificate is valid, and what is still missing before
// the supplier can invoice (a live one without a point of sale), or that sandbox invoices are tests.
import { formatCuit } from '@/lib/ar/cuit-digits';
import { formatDate } from '@/lib/i18n/locales';
import type { Environment, PendingItem, RegisteredCertificate } from '@/lib/wizard/types';
import { useLocale, useMessages } from '@/components/i18n/locale-context';
import { StepFrame, type StepProps } from '@/components/wizard/step-frame';
import { StepNav } from '@/components/wizard/step-nav';
import { SummaryList, SummaryRow } from '@/components/summary-list';

interface DoneStepProps extends StepProps {
  environment: Environment;
  certificate: RegisteredCertificate;
  pending: readonly PendingItem[];
}

export function DoneStep({ headingRef, onBack, environment, certificate, pending }: DoneStepProps) {
  const t = useMessages();
  const locale = useLocale();
  const services = certificate.services.map((code) => `${t.services[code]?.name ?? code} (${code})`).join(', ');
  const missingPointOfSale = pending.includes('point_of_sale');
  return (
    <StepFrame
      headingRef={headingRef}
      title={missingPointOfSale ? t.done.pendingHeading : t.done.heading}
      lead={missingPointOfSale ? t.done.pendingLead : t.done.lead}
      nav={missingPointOfSale && onBack ? <StepNav onBack={onBack} /> : undefined}
    >
      {/* No tick while the supplier cannot invoice yet: the screen must not read as finished. */}
      <div
        aria-hidden="true"
        className={`grid size-14 place-items-center rounded-full text-3xl ${missingPointOfSale ? 'bg-amber-100 text-amber-800' : 'bg-emerald-100 text-emerald-800'}`}
      >
        {missingPointOfSale ? '!' : '✓'}
      </div>
      {missingPointOfSale && (
        <p className="rounded-xl border border-amber-300 bg-amber-50 p-4 font-medium text-amber-950">
          {t.done.pendingPointOfSale}
        </p>
      )}
      <SummaryList>
        <SummaryRow term={t.done.alias} value={certificate.alias} />
        <SummaryRow term={t.done.cuit} value={formatCuit(certificate.cuit)} />
        <SummaryRow term={t.done.services} value={services} />
        <SummaryRow term={t.done.expires} value={formatDate(certificate.not_after, locale)} />
      </SummaryList>
      <p className="text-slate-700">{t.done.expiryNote}</p>
      {environment === 'sandbox' && (
        <div className="space-y-1 rounded-xl bg-amber-50 p-4 text-amber-950">
          <p>{t.done.sandboxTests}</p>
          <p>{t.done.sandboxNote}</p>
        </div>
      )}
      {!missingPointOfSale && <p className="font-medium text-slate-900">{t.done.close}</p>}
    </StepFrame>
  );
}
