// A voucher issued under a CAEA must be informed by its fortnight's FchTopeInf (the fortnight's last day + 30,
// R6) and may be informed only from the day after the CAEA's first (R7, 1414). While one is not reported and
// its deadline is near or passed, its invoice says so: meta record `arca-caea-deadline` (gone once reported).
import { firstReportDay, fortnightOf, reportDeadline } from '@/lib/ar/arca/caea-fortnight';
import type { Tx } from '@/lib/db/client';
import type { InvoiceSend } from '@/lib/db/schema';
import { GOV_AR_SRC } from '@/lib/gov-ar/app';
import { deleteMetaRecords, recordAuthorityNotes } from '@/lib/gov-ar/invoices/issuance-queries';

/** The meta record's key on an invoice whose report is near or past its deadline. */
export const REPORT_DEADLINE_KEY = 'arca-caea-deadline';

/** How many days before the deadline a voucher not yet reported is said to be near it. */
const NEAR_DAYS = 5;

/** Argentina's day (UTC−3), yyyymmdd. */
export const argentinaDay = (at = new Date()) =>
  new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');

/** The fortnight a CAEA voucher belongs to: its date's (the authority refuses one outside the CAEA's, 702). */
const fortnightOfSend = (send: InvoiceSend) => fortnightOf(String(send.detail.CbteFch ?? '').replace(/-/g, ''));

/** Whether the voucher may be informed on `today` (yyyymmdd): after the day its CAEA starts (R7). */
export const mayReportOn = (send: InvoiceSend, today: string) => today >= firstReportDay(fortnightOfSend(send));

const DAY_MS = 86_400_000;
const dayNumber = (yyyymmdd: string) =>
  Date.UTC(Number(yyyymmdd.slice(0, 4)), Number(yyyymmdd.slice(4, 6)) - 1, Number(yyyymmdd.slice(6, 8))) / DAY_MS;

/** `near` or `passed` when the voucher's deadline is within NEAR_DAYS of `today` or behind it. */
function deadlineStatus(send: InvoiceSend, today: string): { reportBy: string; status?: 'near' | 'passed' } {
  const reportBy = reportDeadline(fortnightOfSend(send));
  const left = dayNumber(reportBy) - dayNumber(today);
  return { reportBy, status: left < 0 ? 'passed' : left <= NEAR_DAYS ? 'near' : undefined };
}

/** Notes on the invoices whose report is near or past its deadline (replacing an earlier note). */
export async function noteDeadlines(tx: Tx, sends: InvoiceSend[], today: string): Promise<void> {
  const due = sends.flatMap((send) => {
    const { reportBy, status } = deadlineStatus(send, today);
    return status ? [{ send, reportBy, status }] : [];
  });
  if (due.length === 0) return;
  await deleteMetaRecords(
    tx,
    due.map(({ send }) => send.entryId),
    GOV_AR_SRC,
    REPORT_DEADLINE_KEY,
  );
  await recordAuthorityNotes(
    tx,
    due.map(({ send, reportBy, status }) => ({
      ownerId: send.ownerId,
      entryId: send.entryId,
      jobId: send.jobId,
      key: REPORT_DEADLINE_KEY,
      value: {
        status,
        report_by: reportBy,
        message:
          status === 'passed'
            ? `Not yet reported to the authority and its deadline (${reportBy}) has passed; it is still being informed.`
            : `Not yet reported to the authority; it must be by ${reportBy}.`,
      },
    })),
  );
}
