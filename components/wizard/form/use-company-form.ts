'use client';
// The company form: react-hook-form with the zod resolver over the very CompanyDataSchema the server
// applies to the saved progress. The schema and zod (the largest library the wizard uses) load with the
// first check, not with the page. What the supplier types is kept as a draft in this tab on each blur,
// so a reload does not lose it before the step is confirmed (then the server keeps it).
import { useEffect } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import type { CompanyData, CompanyPrefill } from '@/lib/wizard/types';

export type CompanyField = keyof CompanyData;

/** The form's values as typed: every field a string, the classification unset until chosen. */
export interface CompanyValues {
  legal_name: string;
  fiscal_address: string;
  activity_code: string;
  tax_classification: CompanyData['tax_classification'] | null;
  email: string | undefined;
  gross_income: string | undefined;
  started_on: string | undefined;
}

const companyResolver: Resolver<CompanyValues, unknown, CompanyData> = async (values, context, options) => {
  const [{ zodResolver }, { CompanyDataSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@/lib/responses/gov-ar-progress'),
  ]);
  const resolve = zodResolver(CompanyDataSchema) as unknown as Resolver<CompanyValues, unknown, CompanyData>;
  return resolve(values, context, options);
};

const draftKey = (ref: string) => `gov-ar.company-draft:${ref}`;

function readDraft(ref: string): Partial<CompanyValues> | undefined {
  try {
    const text = window.sessionStorage.getItem(draftKey(ref));
    return text ? (JSON.parse(text) as Partial<CompanyValues>) : undefined;
  } catch {
    return undefined; // storage disabled or a foreign value: start from the defaults
  }
}

function writeDraft(ref: string, values: CompanyValues | undefined) {
  try {
    if (values) window.sessionStorage.setItem(draftKey(ref), JSON.stringify(values));
    else window.sessionStorage.removeItem(draftKey(ref));
  } catch {
    // Without storage the draft is only lost on reload.
  }
}

export function companyDefaults(initial: CompanyData | undefined, prefill: CompanyPrefill): CompanyValues {
  return {
    legal_name: initial?.legal_name ?? prefill.legal_name,
    fiscal_address: initial?.fiscal_address ?? prefill.fiscal_address ?? '',
    activity_code: initial?.activity_code ?? prefill.activity_code ?? '',
    tax_classification: initial?.tax_classification ?? prefill.tax_classification ?? null,
    email: initial ? (initial.email ?? '') : (prefill.email ?? ''),
    gross_income: initial?.gross_income ?? '',
    started_on: initial ? (initial.started_on ?? '') : (prefill.started_on ?? ''),
  };
}

export function useCompanyForm(
  ref: string,
  defaults: CompanyValues,
  onValid: (company: CompanyData) => void,
  onInvalid: (fields: CompanyField[]) => void,
) {
  const form = useForm<CompanyValues, unknown, CompanyData>({
    defaultValues: defaults,
    resolver: companyResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { reset, getValues } = form;

  // After hydration (the server has no session storage): a draft typed before a reload comes back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only once, on opening the step (defaults are that moment's).
  useEffect(() => {
    const draft = readDraft(ref);
    if (draft) reset({ ...defaults, ...draft });
  }, [ref, reset]);

  const saveDraft = () => writeDraft(ref, getValues());
  const onSubmit = form.handleSubmit(
    (company) => {
      writeDraft(ref, undefined);
      onValid(company);
    },
    (errors: FieldErrors<CompanyValues>) => onInvalid(Object.keys(errors) as CompanyField[]),
  );
  const hasError = (field: CompanyField) => form.formState.errors[field] !== undefined;
  const errorCount = Object.keys(form.formState.errors).length;
  // Loading the check's code as soon as the supplier starts typing keeps the first submit quick.
  const warmUp = () => void import('@/lib/responses/gov-ar-progress');

  return {
    register: form.register,
    hasError,
    /** How many fields are wrong now (re-checked on each change once submitted). */
    errorCount,
    formProps: { onSubmit, onBlur: saveDraft, onChange: saveDraft, onFocus: warmUp },
  };
}
