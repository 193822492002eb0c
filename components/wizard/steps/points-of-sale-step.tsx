'use client';
// Step (f), live only: the points of sale ARCA reports for the supplier, and how to add one for web
// services (the system to pick depends on the tax classification chosen in step a). The link leads
// back here until the authority reports a usable one.
import { useEffect } from 'react';
import { fill } from '@/lib/i18n/locales';
import type { CompanyData } from '@/lib/wizard/types';
import { useLocale, useMessages } from '@/components/i18n/locale-context';
import { useAnnounce } from '@/components/wizard/announcer';
import { EmulatorNote } from '@/components/wizard/emulator-note';
import { ErrorNotice } from '@/components/wizard/error-notice';
import { Instruction, InstructionList } from '@/components/wizard/instruction-list';
import { PointsOfSaleList } from '@/components/wizard/points-of-sale/points-of-sale-list';
import { serviceErrorMessage } from '@/lib/wizard/api';
import { Spinner } from '@/components/wizard/spinner';
import { StepFrame, type StepProps } from '@/components/wizard/step-frame';
import { StepNav } from '@/components/wizard/step-nav';
import { usePointsOfSale } from '@/components/wizard/use-registration-service';
import { secondaryButton } from '@/components/wizard/styles';

interface PointsOfSaleStepProps extends StepProps {
  refId: string;
  taxClassification?: CompanyData['tax_classification'];
  emulatorPortalUrl?: string;
  /** Whether the authority's latest answer holds a usable point of sale. */
  onChecked: (usable: boolean) => void;
  onNext: () => void;
}

export function PointsOfSaleStep({
  headingRef,
  refId,
  taxClassification,
  emulatorPortalUrl,
  onChecked,
  onNext,
}: PointsOfSaleStepProps) {
  const t = useMessages();
  const locale = useLocale();
  const announce = useAnnounce();
  const points = usePointsOfSale(refId);
  const busy = points.isFetching;
  const errorMessage = points.isError && !busy ? serviceErrorMessage(points.error, locale, t) : undefined;
  useEffect(() => {
    if (errorMessage) announce(errorMessage);
  }, [errorMessage, announce]);
  useEffect(() => {
    if (points.data) onChecked(points.data.list.some((point) => !point.blocked && !point.dropped_on));
  }, [points.data, onChecked]);
  // Once the authority reports a usable one, the step says so and stops repeating how to add one.
  const ready = points.data?.list.some((point) => !point.blocked && !point.dropped_on) ?? false;
  const system =
    taxClassification === 'monotributista'
      ? t.pointsOfSale.systemMonotributista
      : t.pointsOfSale.systemResponsableInscripto;

  return (
    <StepFrame
      headingRef={headingRef}
      title={t.pointsOfSale.heading}
      lead={t.pointsOfSale.lead}
      nav={<StepNav onNext={onNext} />}
    >
      <div className="space-y-3">
        {points.data && <PointsOfSaleList points={points.data.list} />}
        {ready && (
          <p className="rounded-xl border border-emerald-300 bg-emerald-50 p-4 font-medium text-emerald-950">
            {t.pointsOfSale.ready}
          </p>
        )}
        {errorMessage && <ErrorNotice>{errorMessage}</ErrorNotice>}
        <p role="status" className="text-sm text-slate-700">
          {busy ? t.pointsOfSale.loading : ''}
        </p>
        <button type="button" className={secondaryButton} onClick={() => void points.refetch()} disabled={busy}>
          {busy && <Spinner />}
          {t.pointsOfSale.refresh}
        </button>
      </div>
      {!ready && (
        <section aria-labelledby="add-point-of-sale" className="rounded-xl border border-slate-200 bg-white p-4">
          <h3 id="add-point-of-sale" className="mb-4 text-lg font-semibold">
            {t.pointsOfSale.howTo}
          </h3>
          <div className="mb-4">
            <EmulatorNote url={emulatorPortalUrl} environment="live" section="point-of-sale" />
          </div>
          <InstructionList emulator={emulatorPortalUrl !== undefined}>
            <Instruction arcaOnly>{t.pointsOfSale.open}</Instruction>
            <Instruction>{t.pointsOfSale.add}</Instruction>
            {/* The emulator's points of sale are all for web services: it has no system to choose. */}
            <Instruction arcaOnly>{fill(t.pointsOfSale.system, { label: system })}</Instruction>
            <Instruction>{t.pointsOfSale.finish}</Instruction>
          </InstructionList>
        </section>
      )}
      {!ready && <p className="text-slate-700">{t.pointsOfSale.later}</p>}
    </StepFrame>
  );
}
