'use client';
// Step (g): what was registered, and until when the certificate is valid.
import { formatCuit } from '@/lib/ar/cuit-digits';
import { formatDate } from '@/lib/i18n/locales';
import type { Environment, RegisteredCertificate } from '@/lib/wizard/types';
import { useLocale, useMessages } from '@/components/i18n/locale-context';
import { StepFrame, type StepProps } from '@/components/wizard/step-frame';
import { SummaryList, SummaryRow } from '@/components/summary-list';

interface DoneStepProps extends Pick<StepProps, 'headingRef'> {
  environment: Environment;
  certificate: RegisteredCertificate;
}

export function DoneStep({ headingRef, environment, certificate }: DoneStepProps) {
  const t = useMessages();
  const locale = useLocale();
  const services = certificate.services.map((code) => `${t.services[code]?.name ?? code} (${code})`).join(', ');
  return (
    <StepFrame headingRef={headingRef} title={t.done.heading} lead={t.done.lead}>
      <div aria-hidden="true" className="grid size-14 place-items-center rounded-full bg-emerald-100 text-3xl text-emerald-800">✓</div>
      <SummaryList>
        <SummaryRow term={t.done.alias} value={certificate.alias} />
        <SummaryRow term={t.done.cuit} value={formatCuit(certificate.cuit)} />
        <SummaryRow term={t.done.services} value={services} />
        <SummaryRow term={t.done.expires} value={formatDate(certificate.not_after, locale)} />
      </SummaryList>
      <p className="text-slate-700">{t.done.expiryNote}</p>
      {environment === 'sandbox' && <p className="rounded-xl bg-amber-50 p-4 text-amber-950">{t.done.sandboxNote}</p>}
      <p className="font-medium text-slate-900">{t.done.close}</p>
    </StepFrame>
  );
}
