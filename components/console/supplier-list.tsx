'use client';
// The workspace's suppliers, newest first, a page at a time (the cursor), searched by name or CUIT and
// filtered by status and "stuck" on the server (GET /console/suppliers). While a registration is under way the list
// refreshes itself, so links and new statuses appear without reloading.
import { useState } from 'react';
import { ServiceError } from '@/lib/console/api';
import { entryMoving } from '@/lib/console/job-watch';
import { registrationJobStateIn, type SupplierPage } from '@/lib/console/supplier';
import type { SupplierEntry } from '@/lib/console/types';
import { smallButton } from '@/components/wizard/styles';
import { SupplierCard } from '@/components/console/supplier-card';
import { SupplierSearch, type SupplierSearchValues } from '@/components/console/supplier-search';
import { Notice, Section } from '@/components/console/ui';
import { useCursorList } from '@/components/console/use-cursor-list';

const POLL_MS = 1500;
const PAGE_SIZE = 20;

function listPath({ q, status, stuck }: SupplierSearchValues): string {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  if (stuck) params.set('stuck', 'true');
  return `/console/suppliers?${params}`;
}

export function SupplierList({ workflowId }: { workflowId?: string }) {
  const [search, setSearch] = useState<SupplierSearchValues>({ q: '', status: '', stuck: false });
  const searching = Boolean(search.q || search.status || search.stuck);
  const suppliers = useCursorList<SupplierEntry>(
    ['suppliers', search.q, search.status, search.stuck],
    listPath(search),
    {
      pollMs: (items) => (items.some(entryMoving) ? POLL_MS : false),
    },
  );
  const pages = (suppliers.data?.pages ?? []) as SupplierPage[];
  // A name or status search reads a bounded number of suppliers per page: a short page may have more behind it.
  const searchedPart = searching && suppliers.hasNextPage && (pages.at(-1)?.list.length ?? 0) < PAGE_SIZE;

  return (
    <Section id="supplier-list" title="All suppliers">
      <SupplierSearch values={search} onSearch={setSearch} />
      <div role="status" className="mt-4 text-sm text-slate-700 empty:hidden">
        {suppliers.isSuccess &&
          (searching
            ? suppliers.items.length === 0 && !suppliers.hasNextPage
              ? 'No supplier matches this search.'
              : resultSentence(search)
            : suppliers.items.length === 0
              ? 'There are no suppliers yet: add the first one above.'
              : null)}
      </div>
      {suppliers.isPending && <p className="mt-4 text-sm text-slate-600">Loading the suppliers…</p>}
      {suppliers.isError && <Notice tone="error">{searchProblem(suppliers.error)}</Notice>}
      <ul aria-label="Suppliers" className="mt-4 space-y-3">
        {suppliers.items.map((entry) => (
          <SupplierCard
            key={entry.id}
            entry={entry}
            workflowId={workflowId}
            job={registrationJobStateIn(pages, entry.id)}
          />
        ))}
      </ul>
      {searchedPart && (
        <p className="mt-4 text-sm text-slate-700">
          Only the newest suppliers have been searched so far: search older ones for more matches.
        </p>
      )}
      {suppliers.hasNextPage && (
        <button
          type="button"
          className={`${smallButton} mt-4`}
          onClick={() => suppliers.fetchNextPage()}
          disabled={suppliers.isFetchingNextPage}
        >
          {searching ? 'Search older suppliers' : 'Show more suppliers'}
        </button>
      )}
    </Section>
  );
}

function resultSentence({ q, status, stuck }: SupplierSearchValues): string {
  const matching = q ? ` matching “${q}”` : '';
  const withStatus = status ? ` with the status ${status}` : '';
  const stuckOnly = stuck ? ' whose registration is stuck' : '';
  return `Showing the suppliers${matching}${withStatus}${stuckOnly}, newest first.`;
}

function searchProblem(error: unknown): string {
  return error instanceof ServiceError
    ? `The suppliers could not be loaded: ${error.body.message}`
    : 'The suppliers could not be loaded. Reload the page to try again.';
}
