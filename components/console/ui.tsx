// The console's recurring pieces, in the wizard's look: a titled card, a status badge, a message.
import type { ReactNode } from 'react';

export function Section({
  id,
  title,
  lead,
  actions,
  children,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${id}-title`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {actions}
      </div>
      {lead && <p className="mt-1 text-sm leading-relaxed text-slate-600">{lead}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

const BADGE_COLOURS: Record<string, string> = {
  Empty: 'bg-slate-100 text-slate-800',
  Processing: 'bg-sky-100 text-sky-900',
  Registered: 'bg-emerald-100 text-emerald-900',
  Sent: 'bg-emerald-100 text-emerald-900',
  Error: 'bg-red-100 text-red-900',
  Expired: 'bg-amber-100 text-amber-900',
  queued: 'bg-slate-100 text-slate-800',
  pending: 'bg-slate-100 text-slate-800',
  running: 'bg-sky-100 text-sky-900',
  waiting: 'bg-sky-100 text-sky-900',
  completed: 'bg-emerald-100 text-emerald-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  valid: 'bg-emerald-100 text-emerald-900',
  Connected: 'bg-emerald-100 text-emerald-900',
  skipped: 'bg-slate-100 text-slate-800',
  expiring: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-900',
  expired: 'bg-red-100 text-red-900',
};

/** A status word in its colour; the word itself carries the meaning. */
export function StatusBadge({ status }: { status: string }) {
  const colours = BADGE_COLOURS[status] ?? 'bg-slate-100 text-slate-800';
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${colours}`}>{status}</span>;
}

/** An outcome in words: `status` is read out politely, `alert` at once. Empty, it takes no room. */
export function Notice({ tone, children }: { tone: 'success' | 'error' | 'info'; children?: ReactNode }) {
  const colours = {
    success: 'border-emerald-300 bg-emerald-50 text-emerald-950',
    error: 'border-red-300 bg-red-50 text-red-950',
    info: 'border-sky-200 bg-sky-50 text-sky-950',
  }[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`empty:hidden rounded-xl border p-3 text-sm ${colours}`}
    >
      {children}
    </div>
  );
}

/** A term and its value, in the receipts' style (SummaryList). */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{term}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}
