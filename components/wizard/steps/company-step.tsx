'use client';
// Step (a): the supplier confirms or corrects the company data (pre-filled from the authority's register
// when it answered, saying so, else from the supplier entry), and adds what the register cannot know (the
// Ingresos Brutos number), validated with the very schema the server applies to the saved progress. The
// CUIT is fixed: it is what the registration is for.
import { formatCuit } from '@/lib/ar/cuit-digits';
import type { CompanyData, CompanyPrefill } from '@/lib/wizard/types';
import { useMessages } from '@/components/i18n/locale-context';
import { useAnnounce } from '@/components/wizard/announcer';
import { ChoiceCard } from '@/components/wizard/form/choice-card';
import { TextField } from '@/components/wizard/form/text-field';
import { companyDefaults, useCompanyForm, type CompanyField } from '@/components/wizard/form/use-company-form';
import { StepFrame, type StepProps } from '@/components/wizard/step-frame';
import { StepNav } from '@/components/wizard/step-nav';
import { fieldError, fieldLabel } from '@/components/wizard/styles';

const registerNote = 'rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900';

interface CompanyStepProps extends StepProps {
  refId: string;
  cuit: string;
  initial?: CompanyData;
  prefill: CompanyPrefill;
  onDone: (company: CompanyData) => void;
}

/** An empty optional field is no value at all (the schema takes a valid address or none). */
const optionalText = (value: string) => (value.trim() === '' ? undefined : value.trim());

const CLASSIFICATIONS = ['responsable_inscripto', 'monotributista', 'exento'] as const;

export function CompanyStep({ headingRef, refId, cuit, initial, prefill, onDone }: CompanyStepProps) {
  const t = useMessages();
  const announce = useAnnounce();
  const defaults = companyDefaults(initial, prefill);
  const { register, hasError, formProps } = useCompanyForm(refId, defaults, onDone, (invalid) =>
    announce(`${t.errors.summary} ${invalid.map((field) => t.company.errors[field]).join(' ')}`),
  );
  // The starting values in the server-rendered HTML too, so the form is filled before the scripts run.
  const initialValue = (
    field: 'legal_name' | 'fiscal_address' | 'activity_code' | 'email' | 'gross_income' | 'started_on',
  ) => ({
    defaultValue: defaults[field] ?? '',
  });
  const message = (field: CompanyField) => (hasError(field) ? t.company.errors[field] : undefined);
  const classification = {
    responsable_inscripto: { title: t.company.responsableInscripto, hint: t.company.responsableInscriptoHint },
    monotributista: { title: t.company.monotributista, hint: t.company.monotributistaHint },
    exento: { title: t.company.exento, hint: t.company.exentoHint },
  };

  return (
    <StepFrame
      headingRef={headingRef}
      title={t.company.heading}
      lead={t.company.lead}
      nav={<StepNav form="company-form" />}
    >
      <form id="company-form" noValidate {...formProps} className="space-y-5">
        {prefill.source === 'register' && !initial && (
          <p role="note" data-testid="register-prefill-note" className={registerNote}>
            {t.company.fromRegister}
          </p>
        )}
        <TextField
          label={t.company.legalName}
          autoComplete="organization"
          error={message('legal_name')}
          {...initialValue('legal_name')}
          {...register('legal_name')}
        />
        <TextField label={t.company.cuit} hint={t.company.cuitHint} value={formatCuit(cuit)} readOnly />
        <TextField
          label={t.company.fiscalAddress}
          hint={t.company.fiscalAddressHint}
          autoComplete="street-address"
          error={message('fiscal_address')}
          {...initialValue('fiscal_address')}
          {...register('fiscal_address')}
        />
        <TextField
          label={t.company.activityCode}
          hint={t.company.activityCodeHint}
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          error={message('activity_code')}
          {...initialValue('activity_code')}
          {...register('activity_code')}
        />
        <fieldset aria-describedby={hasError('tax_classification') ? 'tax-classification-error' : undefined}>
          <legend className={fieldLabel}>{t.company.taxClassification}</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-3">
            {CLASSIFICATIONS.map((value) => (
              <ChoiceCard
                key={value}
                title={classification[value].title}
                hint={classification[value].hint}
                value={value}
                defaultChecked={defaults.tax_classification === value}
                {...register('tax_classification')}
              />
            ))}
          </div>
          {hasError('tax_classification') && (
            <p id="tax-classification-error" className={fieldError}>
              {message('tax_classification')}
            </p>
          )}
        </fieldset>
        <TextField
          label={t.company.grossIncome}
          hint={t.company.grossIncomeHint}
          autoComplete="off"
          maxLength={40}
          error={message('gross_income')}
          {...initialValue('gross_income')}
          {...register('gross_income', { setValueAs: optionalText })}
        />
        <TextField
          label={t.company.startedOn}
          hint={t.company.startedOnHint}
          type="date"
          error={message('started_on')}
          {...initialValue('started_on')}
          {...register('started_on', { setValueAs: optionalText })}
        />
        <TextField
          label={t.company.email}
          hint={t.company.emailHint}
          type="email"
          autoComplete="email"
          error={message('email')}
          {...initialValue('email')}
          {...register('email', { setValueAs: optionalText })}
        />
      </form>
    </StepFrame>
  );
}
