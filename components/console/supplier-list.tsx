'use client';
// The workspace's suppliers, newest first, a page at a time (the API's cursor). While a registration
// is under way the list refreshes itself, so links and new statuses appear without reloading.
import { registrationMoving } from '@/lib/console/registration-watch';
import type { SupplierEntry } from '@/lib/console/types';
import { smallButton } from '@/components/wizard/styles';
import { SupplierCard } from '@/components/console/supplier-card';
import { Notice, Section } from '@/components/console/ui';
import { useCursorList } from '@/components/console/use-cursor-list';

const POLL_MS = 1500;

export function SupplierList({ workflowId }: { workflowId?: string }) {
  const suppliers = useCursorList<SupplierEntry>(['suppliers'], '/silo/v1/entries?folder=suppliers&limit=20', {
    pollMs: (items) => (items.some(registrationMoving) ? POLL_MS : false),
  });

  return (
    <Section id="supplier-list" title="All suppliers">
      {suppliers.isPending && <p className="text-sm text-slate-600">Loading…</p>}
      {suppliers.isError && <Notice tone="error">The suppliers could not be loaded. Reload the page to try again.</Notice>}
      {suppliers.isSuccess && suppliers.items.length === 0 && <p className="text-sm text-slate-600">No suppliers yet: add the first one above.</p>}
      <ul aria-label="Suppliers" className="space-y-3">
        {suppliers.items.map((entry) => <SupplierCard key={entry.id} entry={entry} workflowId={workflowId} />)}
      </ul>
      {suppliers.hasNextPage && (
        <button type="button" className={`${smallButton} mt-4`} onClick={() => suppliers.fetchNextPage()} disabled={suppliers.isFetchingNextPage}>
          Show more suppliers
        </button>
      )}
    </Section>
  );
}
