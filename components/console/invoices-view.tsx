'use client';
// The invoices page: which workflow "Issue" uses, and the workspace's invoices, newest first, a page at a
// time (the API's cursor). While one is at the authority the list refreshes itself, so its number and
// CAE (or the authority's errors) appear without reloading.
import { entryMoving } from '@/lib/console/job-watch';
import type { InvoiceEntry } from '@/lib/console/invoice';
import { smallButton } from '@/components/wizard/styles';
import { InvoiceCard } from '@/components/console/invoice-card';
import { Notice, Section } from '@/components/console/ui';
import { useCursorList } from '@/components/console/use-cursor-list';
import { useInvoiceWorkflow } from '@/components/console/use-invoice-workflow';

const POLL_MS = 1500;

export function InvoicesView() {
  const { workflow, isPending } = useInvoiceWorkflow();
  const invoices = useCursorList<InvoiceEntry>(['invoices'], '/silo/v1/entries?folder=invoices&limit=20', {
    pollMs: (items) => (items.some(entryMoving) ? POLL_MS : false),
  });

  return (
    <>
      <p className="text-sm leading-relaxed text-slate-700">
        Invoices are stored through the API (<code>POST /silo/v1/entries</code> with the folder <code>invoices</code>).
        Issuing one sends it to the authority for its number and CAE, then keeps its PDF.{' '}
        {!isPending &&
          (workflow ? (
            <>
              Invoices are issued with the workflow <span className="font-medium text-slate-900">{workflow.name}</span>.
            </>
          ) : (
            "The first invoice you issue creates the workspace's invoice workflow."
          ))}
      </p>
      <Section id="invoice-list" title="All invoices">
        {invoices.isPending && <p className="text-sm text-slate-600">Loading the invoices…</p>}
        {invoices.isError && (
          <Notice tone="error">The invoices could not be loaded. Reload the page to try again.</Notice>
        )}
        {invoices.isSuccess && invoices.items.length === 0 && (
          <p className="text-sm text-slate-600">
            There are no invoices yet: store one through the API and it appears here.
          </p>
        )}
        <ul aria-label="Invoices" className="space-y-3">
          {invoices.items.map((entry) => (
            <InvoiceCard key={entry.id} entry={entry} />
          ))}
        </ul>
        {invoices.hasNextPage && (
          <button
            type="button"
            className={`${smallButton} mt-4`}
            onClick={() => invoices.fetchNextPage()}
            disabled={invoices.isFetchingNextPage}
          >
            Show more invoices
          </button>
        )}
      </Section>
    </>
  );
}
