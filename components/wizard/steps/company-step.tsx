'use client';
// Step (a): the supplier confirms or corrects the company data, validated with the very schema the
// server applies to the saved progress. The CUIT is fixed: it is what the registration is for.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatCuit } from '@/lib/ar/cuit';
import { CompanyDataSchema } from '@/lib/ar/registration/progress-schema';
import type { CompanyData } from '@/lib/wizard/types';
import { useMessages } from '../../i18n/locale-context';
import { useAnnounce } from '../announcer';
import { ChoiceCard } from '../form/choice-card';
import { TextField } from '../form/text-field';
import { StepFrame, type StepProps } from '../step-frame';
import { StepNav } from '../step-nav';
import { fieldError, fieldLabel } from '../styles';

type CompanyInput = z.input<typeof CompanyDataSchema>;

interface CompanyStepProps extends StepProps {
  cuit: string;
  initial?: CompanyData;
  defaultLegalName: string;
  onDone: (company: CompanyData) => void;
}

export function CompanyStep({ headingRef, cuit, initial, defaultLegalName, onDone }: CompanyStepProps) {
  const t = useMessages();
  const announce = useAnnounce();
  // Also given to the inputs themselves, so the server-rendered form already shows them.
  const defaults: Partial<CompanyData> = initial ?? { legal_name: defaultLegalName, fiscal_address: '', activity_code: '' };
  const { register, handleSubmit, formState: { errors } } = useForm<CompanyInput, unknown, CompanyData>({
    resolver: zodResolver(CompanyDataSchema),
    defaultValues: defaults,
  });
  const message = (field: keyof CompanyData) => (errors[field] ? t.company.errors[field] : undefined);
  const onInvalid = (invalid: Partial<Record<keyof CompanyData, unknown>>) =>
    announce(`${t.errors.summary} ${(Object.keys(invalid) as (keyof CompanyData)[]).map((field) => t.company.errors[field]).join(' ')}`);

  return (
    <StepFrame
      headingRef={headingRef}
      title={t.company.heading}
      lead={t.company.lead}
      nav={<StepNav form="company-form" />}
    >
      <form id="company-form" noValidate onSubmit={handleSubmit(onDone, onInvalid)} className="space-y-5">
        <TextField label={t.company.legalName} autoComplete="organization" error={message('legal_name')} defaultValue={defaults.legal_name} {...register('legal_name')} />
        <TextField label={t.company.cuit} hint={t.company.cuitHint} value={formatCuit(cuit)} readOnly />
        <TextField label={t.company.fiscalAddress} hint={t.company.fiscalAddressHint} autoComplete="street-address"
          error={message('fiscal_address')} defaultValue={defaults.fiscal_address} {...register('fiscal_address')} />
        <TextField label={t.company.activityCode} hint={t.company.activityCodeHint} inputMode="numeric" autoComplete="off"
          maxLength={6} error={message('activity_code')} defaultValue={defaults.activity_code} {...register('activity_code')} />
        <fieldset aria-describedby={errors.tax_classification ? 'tax-classification-error' : undefined}>
          <legend className={fieldLabel}>{t.company.taxClassification}</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            <ChoiceCard title={t.company.responsableInscripto} hint={t.company.responsableInscriptoHint}
              value="responsable_inscripto" defaultChecked={defaults.tax_classification === 'responsable_inscripto'} {...register('tax_classification')} />
            <ChoiceCard title={t.company.monotributista} hint={t.company.monotributistaHint}
              value="monotributista" defaultChecked={defaults.tax_classification === 'monotributista'} {...register('tax_classification')} />
          </div>
          {errors.tax_classification && <p id="tax-classification-error" className={fieldError}>{message('tax_classification')}</p>}
        </fieldset>
      </form>
    </StepFrame>
  );
}
