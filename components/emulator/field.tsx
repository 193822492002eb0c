'use client';
// A labelled form control with its hint and its error, wired for screen readers (aria-describedby,
// aria-invalid); the control itself is passed as a render function that receives those attributes.
import type { ReactNode } from 'react';
import type { FieldProblem } from '@/components/emulator/messages';

export interface ControlProps {
  id: string;
  name: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export const controlClass =
  'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm ' +
  'focus:border-sky-700 focus:outline-none focus:ring-2 focus:ring-sky-600 aria-[invalid=true]:border-red-700';

export function Field({
  formId,
  name,
  label,
  hint,
  problem,
  children,
}: {
  formId: string;
  name: string;
  label: string;
  hint?: ReactNode;
  problem?: FieldProblem;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = `${formId}-${name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = problem ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium text-slate-800">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {children({ id, name, 'aria-describedby': describedBy, ...(problem ? { 'aria-invalid': true as const } : {}) })}
      {problem ? (
        <p id={errorId} className="text-sm text-red-800">
          {problem.advice}
        </p>
      ) : null}
    </div>
  );
}

/** A PEM boundary line, kept on one line. */
export const PemLine = ({ children }: { children: string }) => (
  <code className="whitespace-nowrap text-xs">{children}</code>
);

export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={pending}
      className="inline-flex min-h-11 w-full items-center justify-center rounded-md bg-sky-800 px-4 py-2 font-medium text-white hover:bg-sky-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:ring-offset-2 disabled:cursor-wait disabled:bg-slate-500 sm:w-auto"
    >
      {children}
    </button>
  );
}

/** The form's outcome: a polite status for success, an alert for a failure. Both stay in the DOM so they are announced. */
export function Outcome({ success, failure }: { success?: ReactNode; failure?: string }) {
  return (
    <>
      <div
        role="status"
        className="empty:hidden rounded-md border border-emerald-300 bg-emerald-50 p-3 text-emerald-900"
      >
        {success ?? null}
      </div>
      <p role="alert" className="empty:hidden rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
        {failure ?? null}
      </p>
    </>
  );
}
