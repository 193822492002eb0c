'use client';
// The supplier list's search: a name or a CUIT (searched when submitted), a status and "stuck only"
// (applied when chosen).
import { useState, type FormEvent } from 'react';
import { SUPPLIER_STATUSES } from '@/lib/console/supplier';
import { fieldLabel, secondaryButton, smallButton, textInput } from '@/components/wizard/styles';

export interface SupplierSearchValues {
  q: string;
  status: string;
  /** Only registrations stuck on the supplier (link never opened, or the last upload refused). */
  stuck: boolean;
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
    onSearch({ ...values, q: q.trim() });
  };
  const active = Boolean(values.q || values.status || values.stuck);
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
            onChange={(event) => onSearch({ ...values, q: q.trim(), status: event.target.value })}
            className={`mt-2 ${textInput}`}
          >
            <option value="">Any status</option>
            {SUPPLIER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
          <label className="mt-2 flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={values.stuck}
              onChange={(event) => onSearch({ ...values, q: q.trim(), stuck: event.target.checked })}
              aria-describedby="supplier-stuck-hint"
              className="size-4"
            />
            Stuck only
          </label>
          <p id="supplier-stuck-hint" className="mt-1 text-xs text-slate-600">
            Waiting on a supplier who never opened the link, or whose last upload was refused.
          </p>
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
                onSearch({ q: '', status: '', stuck: false });
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
