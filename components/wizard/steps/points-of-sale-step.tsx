'use client';
// Step (f), live only: the points of sale ARCA reports for the supplier, and how to add one for web
// services (the system to pick depends on the tax classification chosen in step a).
import { useEffect } from 'react';
import { fill } from '@/lib/i18n/locales';
import { fetchPointsOfSale } from '@/lib/wizard/api';
import type { CompanyData } from '@/lib/wizard/types';
import { useLocale, useMessages } from '@/components/i18n/locale-context';
import { useAnnounce } from '@/components/wizard/announcer';
import { EmulatorNote } from '@/components/wizard/emulator-note';
import { ErrorNotice } from '@/components/wizard/error-notice';
import { Instruction, InstructionList } from '@/components/wizard/instruction-list';
import { PointsOfSaleList } from '@/components/wizard/points-of-sale/points-of-sale-list';
import { serviceErrorMessage } from '@/components/wizard/service-error-message';
import { Spinner } from '@/components/wizard/spinner';
import { StepFrame, type StepProps } from '@/components/wizard/step-frame';
import { StepNav } from '@/components/wizard/step-nav';
import { useAsyncTask } from '@/components/wizard/use-async-task';
import { secondaryButton } from '@/components/wizard/styles';

interface PointsOfSaleStepProps extends StepProps {
  refId: string;
  taxClassification?: CompanyData['tax_classification'];
  emulatorPortalUrl?: string;
  onNext: () => void;
}

export function PointsOfSaleStep({ headingRef, refId, taxClassification, emulatorPortalUrl, onNext }: PointsOfSaleStepProps) {
  const t = useMessages();
  const locale = useLocale();
  const announce = useAnnounce();
  const points = useAsyncTask(() => fetchPointsOfSale(refId));
  const load = points.run;
  useEffect(() => { void load(undefined); }, [load]);
  const errorMessage = points.isError ? serviceErrorMessage(points.error, locale, t) : undefined;
  useEffect(() => { if (errorMessage) announce(errorMessage); }, [errorMessage, announce]);
  const system = taxClassification === 'monotributista' ? t.pointsOfSale.systemMonotributista : t.pointsOfSale.systemResponsableInscripto;

  return (
    <StepFrame headingRef={headingRef} title={t.pointsOfSale.heading} lead={t.pointsOfSale.lead}
      nav={<StepNav onNext={onNext} />}>
      <div className="space-y-3">
        {points.data && <PointsOfSaleList points={points.data.list} />}
        {errorMessage && <ErrorNotice>{errorMessage}</ErrorNotice>}
        <p role="status" className="text-sm text-slate-700">{points.isPending ? t.pointsOfSale.loading : ''}</p>
        <button type="button" className={secondaryButton} onClick={() => load(undefined)} disabled={points.isPending}>
          {points.isPending && <Spinner />}
          {t.pointsOfSale.refresh}
        </button>
      </div>
      <section aria-labelledby="add-point-of-sale" className="rounded-xl border border-slate-200 bg-white p-4">
        <h3 id="add-point-of-sale" className="mb-4 text-lg font-semibold">{t.pointsOfSale.howTo}</h3>
        <div className="mb-4"><EmulatorNote url={emulatorPortalUrl} environment="live" section="point-of-sale" /></div>
        <InstructionList>
          <Instruction>{t.pointsOfSale.open}</Instruction>
          <Instruction>{t.pointsOfSale.add}</Instruction>
          <Instruction>{fill(t.pointsOfSale.system, { label: system })}</Instruction>
          <Instruction>{t.pointsOfSale.finish}</Instruction>
        </InstructionList>
      </section>
      <p className="text-slate-700">{t.pointsOfSale.later}</p>
    </StepFrame>
  );
}
