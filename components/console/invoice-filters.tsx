'use client';
// The invoice table's filters: supplier (name or CUIT), status, voucher type (every letter's, exports and
// tourism too), point of sale and issue dates, applied by the server when the form is submitted (status and
// type when chosen).
import { useState, type FormEvent } from 'react';
import { VOUCHER_TYPE_OPTIONS } from '@/lib/console/invoice';
import { fieldLabel, secondaryButton, smallButton, textInput } from '@/components/wizard/styles';

export interface InvoiceFilterValues {
  supplier: string;
  status: string;
  type: string;
  point_of_sale: string;
  from: string;
  to: string;
}

export const NO_INVOICE_FILTER: InvoiceFilterValues = {
  supplier: '',
  status: '',
  type: '',
  point_of_sale: '',
  from: '',
  to: '',
};

const STATUSES = ['Empty', 'Processing', 'Sent', 'Error'];

export function InvoiceFilters({
  values,
  onFilter,
}: {
  values: InvoiceFilterValues;
  onFilter: (values: InvoiceFilterValues) => void;
}) {
  const [draft, setDraft] = useState(values);
  const set = (name: keyof InvoiceFilterValues, value: string, apply = false) => {
    const next = { ...draft, [name]: value };
    setDraft(next);
    if (apply) onFilter(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilter({ ...draft, supplier: draft.supplier.trim() });
  };
  const active = Object.values(values).some(Boolean);
  const field = (id: string, label: string, input: React.ReactNode) => (
    <div>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <div className="mt-2">{input}</div>
    </div>
  );
  /** A labelled input bound to one of the filter's text values. */
  const inputFor = (
    name: 'supplier' | 'point_of_sale' | 'from' | 'to',
    label: string,
    props: React.InputHTMLAttributes<HTMLInputElement>,
  ) => {
    const id = `invoice-${name.replaceAll('_', '-')}`;
    return field(
      id,
      label,
      <input
        id={id}
        value={draft[name]}
        onChange={(event) => set(name, event.target.value)}
        className={textInput}
        {...props}
      />,
    );
  };
  return (
    <search aria-label="Invoices">
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-3">
        {inputFor('supplier', 'Supplier', {
          type: 'search',
          placeholder: 'Name or CUIT',
          autoComplete: 'off',
          maxLength: 100,
        })}
        {field(
          'invoice-status',
          'Status',
          <select
            id="invoice-status"
            value={draft.status}
            onChange={(event) => set('status', event.target.value, true)}
            className={textInput}
          >
            <option value="">Any status</option>
            {STATUSES.map((status) => (
              <option key={status}>{status}</option>
            ))}
          </select>,
        )}
        {field(
          'invoice-type',
          'Type',
          <select
            id="invoice-type"
            value={draft.type}
            onChange={(event) => set('type', event.target.value, true)}
            className={textInput}
          >
            <option value="">Any type</option>
            {VOUCHER_TYPE_OPTIONS.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>,
        )}
        {inputFor('point_of_sale', 'Point of sale', { inputMode: 'numeric', pattern: '[0-9]{1,5}' })}
        {inputFor('from', 'Issued from', { type: 'date' })}
        {inputFor('to', 'Issued to', { type: 'date' })}
        <div className="flex flex-wrap gap-2 sm:col-span-3">
          <button type="submit" className={secondaryButton}>
            Filter
          </button>
          {active && (
            <button
              type="button"
              className={`${smallButton} min-h-12`}
              onClick={() => {
                setDraft(NO_INVOICE_FILTER);
                onFilter(NO_INVOICE_FILTER);
              }}
            >
              Clear
            </button>
          )}
        </div>
      </form>
    </search>
  );
}
