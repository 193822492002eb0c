'use client';
// One invoice in the table: its voucher and number, the supplier (to its page when the workspace has its
// entry), customer, issue date, total, status, CAE (or CAEA) and its expiry; then what the authority said (a refusal
// explained: what it means and which field to change; observations), its PDF, and the action that can succeed.
import Link from 'next/link';
import { CONSOLE_PATHS } from '@/lib/console/paths';
import { formatDate } from '@/lib/console/format';
import {
  authorityObservations,
  invoiceTotal,
  pdfPath,
  printedNumber,
  authorisationOf,
  voucherKind,
  voucherNumber,
  voucherTypeCode,
  type AuthorityNote,
  type InvoiceEntry,
} from '@/lib/console/invoice';
import { refusalAdvice } from '@/lib/console/invoice-refusals';
import { link, smallButton } from '@/components/wizard/styles';
import { IssueInvoiceAction } from '@/components/console/issue-invoice-action';
import { StatusBadge } from '@/components/console/ui';

export function InvoiceRow({ entry, supplierEntryId }: { entry: InvoiceEntry; supplierEntryId?: string }) {
  const headingId = `invoice-${entry.id}`;
  const kind = voucherKind(entry);
  const number = voucherNumber(entry);
  const title = `${kind} ${printedNumber(entry)}`;
  const typeCode = voucherTypeCode(entry);
  const authorisation = authorisationOf(entry);
  const pdf = pdfPath(entry);
  const supplier = entry.data.doc?.supplier;
  const cuit = supplier?.tax_id?.code;
  return (
    <tr className="align-top">
      <th id={headingId} scope="row" className="p-3 text-left font-semibold text-slate-900">
        {title}
        {!number && <span className="block font-normal text-slate-600">not numbered yet</span>}
        {typeCode && <span className="block text-xs font-normal text-slate-600">voucher type {typeCode}</span>}
      </th>
      <td className="p-3">
        {supplierEntryId ? (
          <Link className={link} href={CONSOLE_PATHS.supplier(supplierEntryId)}>
            {supplier?.name ?? cuit}
          </Link>
        ) : (
          (supplier?.name ?? '—')
        )}
        {cuit && <span className="block text-xs text-slate-600">CUIT {cuit}</span>}
      </td>
      <td className="p-3">{entry.data.doc?.customer?.name ?? 'Final consumer'}</td>
      <td className="p-3 whitespace-nowrap">{formatDate(entry.data.doc?.issue_date)}</td>
      <td className="p-3 whitespace-nowrap">{invoiceTotal(entry) ?? '—'}</td>
      <td className="p-3">
        <StatusBadge status={entry.status} />
      </td>
      <td className="p-3">
        {authorisation ? <code className="break-all">{authorisation.code}</code> : '—'}
        {authorisation?.kind === 'CAEA' && <span className="block text-xs text-slate-600">CAEA (contingency)</span>}
        {authorisation && (
          <span className="block text-xs text-slate-600">expires {formatDate(authorisation.expiry)}</span>
        )}
      </td>
      <td className="min-w-64 space-y-3 p-3">
        <Refusal id={`${headingId}-errors`} entry={entry} />
        <AuthorityNotes
          id={`${headingId}-observations`}
          title="The authority's observations"
          notes={authorityObservations(entry)}
        />
        {pdf && (
          <a href={pdf} className={smallButton} aria-label={`Download the PDF of ${title}`}>
            Download the PDF
          </a>
        )}
        <IssueInvoiceAction entry={entry} />
      </td>
    </tr>
  );
}

/** The authority's refusal: each error's code and own words, what it means here, and the field to change. */
function Refusal({ id, entry }: { id: string; entry: InvoiceEntry }) {
  const advice = refusalAdvice(entry);
  if (advice.length === 0) return null;
  return (
    <div className="rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-950">
      <h4 id={id} className="font-semibold">
        The authority's errors
      </h4>
      <ul aria-labelledby={id} className="mt-1 space-y-2">
        {advice.map((item, index) => (
          <li key={`${item.code}-${index}`} className="break-words">
            <code className="font-semibold">{item.code}</code>: {item.said}
            <span className="mt-1 block">{item.meaning}</span>
            <span className="mt-1 block text-xs">
              Field: <code>{item.field}</code>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function AuthorityNotes({ id, title, notes }: { id: string; title: string; notes: AuthorityNote[] }) {
  if (notes.length === 0) return null;
  return (
    <div className="rounded-xl border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
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
