'use client';
// The company form's check in the browser, with the very CompanyDataSchema the server applies. The
// schema (and zod with it, the largest library the wizard uses) loads when the supplier first touches
// the form, not with the page.
import { useRef, useState, type FormEvent } from 'react';
import type { CompanyData } from '@/lib/wizard/types';

export type CompanyField = keyof CompanyData;

const FIELDS: readonly CompanyField[] = ['legal_name', 'fiscal_address', 'activity_code', 'tax_classification'];

const loadSchema = () => import('@/lib/gov-ar/registration/progress-schema').then((module) => module.CompanyDataSchema);

type CheckResult = { data: CompanyData; invalid?: undefined } | { data?: undefined; invalid: CompanyField[] };

async function checkCompany(form: HTMLFormElement): Promise<CheckResult> {
  const schema = await loadSchema();
  const values = new FormData(form);
  const input = Object.fromEntries(FIELDS.filter((field) => values.has(field)).map((field) => [field, values.get(field)]));
  const result = schema.safeParse(input);
  if (result.success) return { data: result.data };
  // The schema's order is the form's: the first invalid field is the one to focus.
  return { invalid: [...new Set(result.error.issues.map((issue) => issue.path[0] as CompanyField))] };
}

function focusField(form: HTMLFormElement, field: CompanyField) {
  const element = form.elements.namedItem(field);
  const first = element instanceof RadioNodeList ? element[0] : element;
  if (first instanceof HTMLElement) first.focus();
}

/** Checks on submit, then again on every change (so a corrected field loses its error at once). */
export function useCompanyForm(onValid: (company: CompanyData) => void, onInvalid: (fields: CompanyField[]) => void) {
  const [invalid, setInvalid] = useState<CompanyField[]>([]);
  const submitted = useRef(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    submitted.current = true;
    const result = await checkCompany(form);
    setInvalid(result.invalid ?? []);
    if (result.data) return onValid(result.data);
    focusField(form, result.invalid[0]!);
    onInvalid(result.invalid);
  };
  const onChange = async (event: FormEvent<HTMLFormElement>) => {
    if (submitted.current) setInvalid((await checkCompany(event.currentTarget)).invalid ?? []);
  };
  const hasError = (field: CompanyField) => invalid.includes(field);

  return { hasError, formProps: { onSubmit, onChange, onFocus: () => void loadSchema() } };
}
