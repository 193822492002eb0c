'use client';
// The supplier list's search: a name or a CUIT (searched when submitted) and a status (applied when chosen).
import { useState, type FormEvent } from 'react';
import { SUPPLIER_STATUSES } from '@/lib/console/supplier';
import { fieldLabel, secondaryButton, smallButton, textInput } from '@/components/wizard/styles';

export interface SupplierSearchValues {
  q: string;
  status: string;
}

export function SupplierSearch({
  values,
  onSearch,
}: {
  values: SupplierSearchValues;
  onSearch: (values: SupplierSearchValues) => void;
}) {
  const [q, setQ] = useState(values.q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ q: q.trim(), status: values.status });
  };
  const active = Boolean(values.q || values.status);
  return (
    <search aria-label="Suppliers">
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <div>
          <label htmlFor="supplier-search" className={fieldLabel}>
            Name or CUIT
          </label>
          <input
            id="supplier-search"
            type="search"
            value={q}
            onChange={(event) => setQ(event.target.value)}
            autoComplete="off"
            maxLength={100}
            spellCheck={false}
            aria-describedby="supplier-search-hint"
            className={`mt-2 ${textInput}`}
          />
          <p id="supplier-search-hint" className="mt-1 text-sm text-slate-600">
            Part of the name, or the whole CUIT (11 digits).
          </p>
        </div>
        <div className="sm:self-start">
          <label htmlFor="supplier-status" className={fieldLabel}>
            Status
          </label>
          <select
            id="supplier-status"
            value={values.status}
            onChange={(event) => onSearch({ q: q.trim(), status: event.target.value })}
            className={`mt-2 ${textInput}`}
          >
            <option value="">Any status</option>
            {SUPPLIER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-wrap gap-2 sm:self-start sm:pt-8">
          <button type="submit" className={secondaryButton}>
            Search
          </button>
          {active && (
            <button
              type="button"
              className={`${smallButton} min-h-12`}
              onClick={() => {
                setQ('');
                onSearch({ q: '', status: '' });
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
