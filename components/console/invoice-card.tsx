'use client';
// One invoice in the list: its voucher and number, customer, total, status, the authority's CAE and its
// expiry, the authority's errors or observations, its PDF, and "Issue" while it may be issued.
import { formatDate } from '@/lib/console/format';
import {
  authorityErrors,
  authorityObservations,
  invoiceTotal,
  pdfPath,
  pointOfSale,
  printedNumber,
  stamp,
  voucherKind,
  voucherNumber,
  voucherTypeCode,
  type AuthorityNote,
  type InvoiceEntry,
} from '@/lib/console/invoice';
import { smallButton } from '@/components/wizard/styles';
import { IssueInvoiceAction } from '@/components/console/issue-invoice-action';
import { Fact, StatusBadge } from '@/components/console/ui';

export function InvoiceCard({ entry }: { entry: InvoiceEntry }) {
  const headingId = `invoice-${entry.id}`;
  const kind = voucherKind(entry);
  const number = voucherNumber(entry);
  const title = `${kind} ${printedNumber(entry)}`;
  const typeCode = voucherTypeCode(entry);
  const cae = stamp(entry, 'arca-cae');
  const pdf = pdfPath(entry);
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {title}
        {!number && <span className="font-normal text-slate-600"> (not numbered yet)</span>}
      </h3>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
        <Fact term="Type">{typeCode ? `${kind} (voucher type ${typeCode})` : kind}</Fact>
        <Fact term="Point of sale">{pointOfSale(entry) ?? '—'}</Fact>
        <Fact term="Number">{number ?? '—'}</Fact>
        <Fact term="Issue date">{formatDate(entry.data.doc?.issue_date)}</Fact>
        <Fact term="Customer">{entry.data.doc?.customer?.name ?? 'Final consumer'}</Fact>
        <Fact term="Total">{invoiceTotal(entry) ?? '—'}</Fact>
        <Fact term="Status">
          <StatusBadge status={entry.status} />
        </Fact>
        <Fact term="CAE">{cae ? <code className="break-all">{cae}</code> : '—'}</Fact>
        <Fact term="CAE expires">{formatDate(stamp(entry, 'arca-cae-expiry'))}</Fact>
      </dl>
      <AuthorityNotes
        id={`${headingId}-errors`}
        title="The authority's errors"
        notes={authorityErrors(entry)}
        tone="error"
      />
      <AuthorityNotes
        id={`${headingId}-observations`}
        title="The authority's observations"
        notes={authorityObservations(entry)}
        tone="info"
      />
      <div className="mt-3 flex flex-wrap items-start gap-3 empty:hidden">
        {pdf && (
          <a href={pdf} className={smallButton} aria-label={`Download the PDF of ${title}`}>
            Download the PDF
          </a>
        )}
        <IssueInvoiceAction entry={entry} />
      </div>
    </li>
  );
}

function AuthorityNotes({
  id,
  title,
  notes,
  tone,
}: {
  id: string;
  title: string;
  notes: AuthorityNote[];
  tone: 'error' | 'info';
}) {
  if (notes.length === 0) return null;
  const colours = tone === 'error' ? 'border-red-300 bg-red-50 text-red-950' : 'border-sky-200 bg-sky-50 text-sky-950';
  return (
    <div className={`mt-3 rounded-xl border p-3 text-sm ${colours}`}>
      <h4 id={id} className="font-semibold">
        {title}
      </h4>
      <ul aria-labelledby={id} className="mt-1 space-y-1">
        {notes.map((note, index) => (
          <li key={`${note.code}-${index}`} className="break-words">
            <code className="font-semibold">{note.code}</code>: {note.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
