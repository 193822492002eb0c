'use client';
// Step (a): the supplier confirms or corrects the company data, validated with the very schema the
// server applies to the saved progress. The CUIT is fixed: it is what the registration is for.
import { formatCuit } from '@/lib/ar/cuit-digits';
import type { CompanyData } from '@/lib/wizard/types';
import { useMessages } from '@/components/i18n/locale-context';
import { useAnnounce } from '@/components/wizard/announcer';
import { ChoiceCard } from '@/components/wizard/form/choice-card';
import { TextField } from '@/components/wizard/form/text-field';
import { useCompanyForm, type CompanyField } from '@/components/wizard/form/use-company-form';
import { StepFrame, type StepProps } from '@/components/wizard/step-frame';
import { StepNav } from '@/components/wizard/step-nav';
import { fieldError, fieldLabel } from '@/components/wizard/styles';

interface CompanyStepProps extends StepProps {
  cuit: string;
  initial?: CompanyData;
  defaultLegalName: string;
  onDone: (company: CompanyData) => void;
}

export function CompanyStep({ headingRef, cuit, initial, defaultLegalName, onDone }: CompanyStepProps) {
  const t = useMessages();
  const announce = useAnnounce();
  const defaults: Partial<CompanyData> = initial ?? { legal_name: defaultLegalName, fiscal_address: '', activity_code: '' };
  const { hasError, formProps } = useCompanyForm(onDone, (invalid) =>
    announce(`${t.errors.summary} ${invalid.map((field) => t.company.errors[field]).join(' ')}`));
  const message = (field: CompanyField) => (hasError(field) ? t.company.errors[field] : undefined);

  return (
    <StepFrame
      headingRef={headingRef}
      title={t.company.heading}
      lead={t.company.lead}
      nav={<StepNav form="company-form" />}
    >
      <form id="company-form" noValidate {...formProps} className="space-y-5">
        <TextField label={t.company.legalName} name="legal_name" autoComplete="organization" error={message('legal_name')} defaultValue={defaults.legal_name} />
        <TextField label={t.company.cuit} hint={t.company.cuitHint} value={formatCuit(cuit)} readOnly />
        <TextField label={t.company.fiscalAddress} hint={t.company.fiscalAddressHint} name="fiscal_address" autoComplete="street-address"
          error={message('fiscal_address')} defaultValue={defaults.fiscal_address} />
        <TextField label={t.company.activityCode} hint={t.company.activityCodeHint} name="activity_code" inputMode="numeric" autoComplete="off"
          maxLength={6} error={message('activity_code')} defaultValue={defaults.activity_code} />
        <fieldset aria-describedby={hasError('tax_classification') ? 'tax-classification-error' : undefined}>
          <legend className={fieldLabel}>{t.company.taxClassification}</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            <ChoiceCard title={t.company.responsableInscripto} hint={t.company.responsableInscriptoHint} name="tax_classification"
              value="responsable_inscripto" defaultChecked={defaults.tax_classification === 'responsable_inscripto'} />
            <ChoiceCard title={t.company.monotributista} hint={t.company.monotributistaHint} name="tax_classification"
              value="monotributista" defaultChecked={defaults.tax_classification === 'monotributista'} />
          </div>
          {hasError('tax_classification') && <p id="tax-classification-error" className={fieldError}>{message('tax_classification')}</p>}
        </fieldset>
      </form>
    </StepFrame>
  );
}
