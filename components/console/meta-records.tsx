// The entry's meta records (the registration links, the certificate, ...), oldest first as stored.
import { formatDateTime } from '@/lib/console/format';
import type { MetaRecord } from '@/lib/console/types';
import { Fact, Section } from '@/components/console/ui';

export function MetaRecords({ meta }: { meta: MetaRecord[] }) {
  return (
    <Section id="meta-records" title="Meta records">
      {meta.length === 0 && <p className="text-sm text-slate-700">This entry has no meta records yet.</p>}
      <ul aria-label="Meta records" className="space-y-3">
        {meta.map((record) => (
          <li key={record.id} className="rounded-xl border border-slate-200 p-3">
            <p className="font-medium text-slate-900">
              <code>{record.src}</code> / <code>{record.key}</code>
            </p>
            <dl className="mt-2 grid gap-3 text-sm sm:grid-cols-2">
              {record.ref && (
                <Fact term="Ref">
                  <code className="break-all text-xs">{record.ref}</code>
                </Fact>
              )}
              {record.link_url && (
                <Fact term="Link">
                  {record.link_url} ({record.link_scope ?? 'private'})
                </Fact>
              )}
              <Fact term="Created">{formatDateTime(record.created_at)}</Fact>
              <Fact term="Updated">{formatDateTime(record.updated_at)}</Fact>
            </dl>
            {record.value !== undefined && (
              <pre className="mt-2 rounded-lg bg-slate-100 p-3 text-xs break-all whitespace-pre-wrap">
                {JSON.stringify(record.value, null, 2)}
              </pre>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
