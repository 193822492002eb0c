// A short list of facts (term and value), as on a receipt: the done step and the registered page.
import type { ReactNode } from 'react';

export function SummaryList({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <dl className={`divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white ${className}`}>{children}</dl>
  );
}

export function SummaryRow({ term, value }: { term: string; value: string }) {
  return (
    <div className="px-4 py-3 sm:flex sm:gap-4">
      <dt className="text-sm text-slate-600 sm:w-44 sm:shrink-0">{term}</dt>
      <dd className="font-medium break-words">{value}</dd>
    </div>
  );
}
