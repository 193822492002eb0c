'use client';
// "Add supplier": a name and a CUIT, checked by the API's own SupplierEntryBody (lib/gov-ar/party.ts); the API's 422 fields
// (`data.tax_id.code`, ...) land on the same inputs.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, type FieldError, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { consoleApi, problemMessage, ServiceError } from '@/lib/console/api';
import type { SupplierEntry } from '@/lib/console/types';
import { SupplierEntryBody } from '@/lib/gov-ar/party';
import { TextField } from '@/components/wizard/form/text-field';
import { Spinner } from '@/components/wizard/spinner';
import { primaryButton } from '@/components/wizard/styles';
import { Notice, Section } from '@/components/console/ui';

type SupplierInput = z.input<typeof SupplierEntryBody>;
type SupplierBody = z.output<typeof SupplierEntryBody>;

const EMPTY: SupplierInput = { folder: 'suppliers', data: { name: '', tax_id: { country: 'AR', code: '' } } };
const FORM_FIELDS = ['data.name', 'data.tax_id.code'] as const;

export function AddSupplierForm() {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors },
  } = useForm<SupplierInput, unknown, SupplierBody>({
    resolver: zodResolver(SupplierEntryBody),
    defaultValues: EMPTY,
  });

  const add = useMutation({
    mutationFn: (body: SupplierBody) => consoleApi<SupplierEntry>('POST', '/silo/v1/entries', body),
    onSuccess: () => {
      reset(EMPTY);
      return queryClient.invalidateQueries({ queryKey: ['suppliers'] });
    },
    onError: (error) => {
      const fields = Object.entries(error instanceof ServiceError ? (error.body.fields ?? {}) : {});
      const placed = fields.filter(([path]) => (FORM_FIELDS as readonly string[]).includes(path));
      for (const [path, reason] of placed) setError(path as (typeof FORM_FIELDS)[number], { message: reason });
      if (placed.length) setFocus(placed[0]![0] as (typeof FORM_FIELDS)[number]);
      if (placed.length < fields.length || !fields.length) setError('root', { message: problemMessage(error) });
    },
  });

  return (
    <Section
      id="add-supplier"
      title="Add supplier"
      lead="A new supplier starts as Empty; start its registration from the list."
    >
      <form noValidate onSubmit={handleSubmit((body) => add.mutate(body))} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          hint="The legal name (razón social)."
          autoComplete="off"
          error={errors.data?.name?.message}
          {...register('data.name')}
        />
        <TextField
          label="CUIT"
          hint="11 digits, with or without hyphens: 30-71234567-1."
          inputMode="numeric"
          autoComplete="off"
          error={cuitError(errors)}
          {...register('data.tax_id.code')}
        />
        <div className="space-y-3 sm:col-span-2">
          <Notice tone="error">{errors.root?.message}</Notice>
          <Notice tone="success">{add.isSuccess ? `Added ${add.data.data.name ?? 'the supplier'}.` : null}</Notice>
          <button type="submit" className={primaryButton} disabled={add.isPending}>
            {add.isPending && <Spinner />} Add supplier
          </button>
        </div>
      </form>
    </Section>
  );
}

/** The CUIT's error (the party's tax id is a loose object, which react-hook-form's error type does not follow). */
const cuitError = (errors: FieldErrors<SupplierInput>) =>
  (errors.data?.tax_id as { code?: FieldError } | undefined)?.code?.message;
