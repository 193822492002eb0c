// The silo entry itself: ids, times and the party data as stored.
import { formatDateTime } from '@/lib/console/format';
import type { SupplierEntry } from '@/lib/console/types';
import { Fact, Section } from '@/components/console/ui';

export function EntryData({ entry }: { entry: SupplierEntry }) {
  return (
    <Section id="entry-data" title="Entry data">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <Fact term="Entry id">
          <code className="break-all text-xs">{entry.id}</code>
        </Fact>
        <Fact term="Key">{entry.key ?? '—'}</Fact>
        <Fact term="Created">{formatDateTime(entry.created_at)}</Fact>
        <Fact term="Updated">{formatDateTime(entry.updated_at)}</Fact>
      </dl>
      <details className="mt-4">
        <summary className="cursor-pointer text-sm font-medium text-sky-800">Data as stored (JSON)</summary>
        <pre className="mt-2 rounded-lg bg-slate-100 p-3 text-xs break-all whitespace-pre-wrap">
          {JSON.stringify(entry.data, null, 2)}
        </pre>
      </details>
    </Section>
  );
}
