// The entry's meta records (the registration links, the certificate, ...), oldest first as stored, each in
// words: its title, and its value as labelled lines (never raw JSON); the source and key stay in small print.
import { formatDateTime } from '@/lib/console/format';
import { recordTitle, valueLines } from '@/lib/console/step-words';
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
              {recordTitle(record.key)}{' '}
              <span className="text-xs font-normal text-slate-600">
                (<code>{record.src}</code> / <code>{record.key}</code>)
              </span>
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
              {valueLines(record.value, formatDateTime).map((line, at) => (
                <Fact key={`${line.label}-${at}`} term={line.label || 'Value'}>
                  <span className="break-words">{line.text}</span>
                </Fact>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </Section>
  );
}
