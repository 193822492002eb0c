'use client';
// The invoices page: which workflow "Issue" uses, and the workspace's invoices in a table, newest first,
// filtered and paged by the server (GET /console/invoices/search, keyset). While one is at the authority the
// table refreshes itself, so its number and CAE (or the authority's errors) appear without reloading.
import { useState } from 'react';
import { entryMoving } from '@/lib/console/job-watch';
import type { InvoiceEntry, InvoicePage } from '@/lib/console/invoice';
import { smallButton } from '@/components/wizard/styles';
import { InvoiceFilters, NO_INVOICE_FILTER, type InvoiceFilterValues } from '@/components/console/invoice-filters';
import { InvoiceRow } from '@/components/console/invoice-row';
import { Notice, Section } from '@/components/console/ui';
import { useCursorList } from '@/components/console/use-cursor-list';
import { useInvoiceWorkflow } from '@/components/console/use-invoice-workflow';

const POLL_MS = 1500;
const PAGE_SIZE = 25;
const COLUMNS = [
  'Invoice',
  'Supplier',
  'Customer',
  'Issue date',
  'Total',
  'Status',
  'CAE',
  'The authority and actions',
];

function searchPath(filter: InvoiceFilterValues): string {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  return `/console/invoices/search?${params}`;
}

export function InvoicesView() {
  const { workflow, isPending } = useInvoiceWorkflow();
  const [filter, setFilter] = useState<InvoiceFilterValues>(NO_INVOICE_FILTER);
  const filtering = Object.values(filter).some(Boolean);
  const invoices = useCursorList<InvoiceEntry>(['invoices', filter], searchPath(filter), {
    pollMs: (items) => (items.some(entryMoving) ? POLL_MS : false),
  });
  const pages = (invoices.data?.pages ?? []) as InvoicePage[];
  const supplierEntries = Object.assign({}, ...pages.map((page) => page.supplier_entries ?? {})) as Record<
    string,
    string
  >;

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
        <InvoiceFilters values={filter} onFilter={setFilter} />
        <div role="status" className="mt-4 text-sm text-slate-700 empty:hidden">
          {invoices.isSuccess && invoices.items.length === 0
            ? filtering
              ? 'No invoice matches these filters.'
              : 'There are no invoices yet: store one through the API and it appears here.'
            : null}
        </div>
        {invoices.isPending && <p className="mt-4 text-sm text-slate-600">Loading the invoices…</p>}
        {invoices.isError && (
          <Notice tone="error">The invoices could not be loaded. Reload the page to try again.</Notice>
        )}
        {invoices.items.length > 0 && (
          // The table scrolls sideways within its frame on a narrow screen (the page itself does not), and the
          // frame takes the keyboard's focus so it can be scrolled without a mouse.
          <section
            className="mt-4 overflow-x-auto rounded-lg border border-slate-200"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
            tabIndex={0}
            aria-label="Invoices table"
          >
            <table aria-label="Invoices" className="min-w-[64rem] divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="p-3 font-medium">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {invoices.items.map((entry) => (
                  <InvoiceRow
                    key={entry.id}
                    entry={entry}
                    supplierEntryId={
                      entry.data.doc?.supplier?.tax_id?.code
                        ? supplierEntries[entry.data.doc.supplier.tax_id.code]
                        : undefined
                    }
                  />
                ))}
              </tbody>
            </table>
          </section>
        )}
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
