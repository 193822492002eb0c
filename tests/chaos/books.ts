// The two books a chaos pass compares, read over HTTP once the app has settled: our invoices (every entry of
// the `invoices` folder of each workspace, as OurInvoice) and the authority's vouchers for the CUIT (the
// emulator's book, whole, in its sequence order).
import { api, expectStatus } from '@/tests/bench/http';
import { listInvoices, type EntrySummary } from '@/tests/chaos/issuing';
import { VOUCHER_TYPE, type PlannedInvoice } from '@/tests/chaos/invoice-plan';
import type { AuthorityVoucher, OurInvoice } from '@/tests/chaos/reconcile';
import type { ResilientApi } from '@/tests/chaos/resilient-api';
import type { ChaosWorkspace } from '@/tests/chaos/suppliers';

const stampsOf = (entry: EntrySummary, provider: string): string[] =>
  ((entry.data?.head?.stamps ?? []) as { prv: string; val: string }[])
    .filter((stamp) => stamp.prv === provider)
    .map((stamp) => stamp.val);

/** The authority's refusal as `code message; code message` (the meta record's value is its `[{ code, message }]`). */
const authorityErrors = (value: unknown) =>
  Array.isArray(value)
    ? value.map((error: { code?: unknown; message?: unknown }) => `${error.code} ${error.message}`).join('; ')
    : JSON.stringify(value);

/** The message of a failed step of any of the invoice's jobs. */
async function failedJobMessage(client: ResilientApi, token: string, jobIds: string[]): Promise<string | undefined> {
  for (const jobId of jobIds) {
    const job = (await client.call('GET', `/transform/v1/jobs/${jobId}`, { token })).body;
    const step = (job?.steps ?? []).find((candidate: { status: string; message?: string }) => candidate.message);
    // Without the job's id: the report counts invoices by reason, and the entry's id finds the job.
    if (job?.status === 'failed' && step) return `a failed job: ${step.message}`;
  }
  return undefined;
}

export async function readOurInvoices(
  client: ResilientApi,
  workspaces: ChaosWorkspace[],
  plan: PlannedInvoice[],
): Promise<OurInvoice[]> {
  const planned = new Map(plan.map((invoice) => [invoice.entryId, invoice]));
  const ours: OurInvoice[] = [];
  for (const workspace of workspaces) {
    for (const entry of await listInvoices(client, workspace)) {
      const doc = entry.data?.doc ?? {};
      const letter = planned.get(entry.id)?.letter ?? 'B';
      const arcaErrors = entry.meta.find((meta) => meta.src === 'gov-ar' && meta.key === 'arca-errors');
      const jobIds = planned.get(entry.id)?.jobIds ?? [];
      ours.push({
        workspace: workspace.label,
        entryId: entry.id,
        status: entry.status,
        pointOfSale: Number(doc.series),
        voucherType: Number(doc.tax?.ext?.['ar-arca-doc-type'] ?? VOUCHER_TYPE[letter]),
        number: doc.code ? Number(doc.code) : undefined,
        caes: stampsOf(entry, 'arca-cae'),
        caeas: stampsOf(entry, 'arca-caea'),
        issueDate: doc.issue_date,
        payable: String(doc.totals?.payable ?? ''),
        errorReason:
          entry.status !== 'Error'
            ? undefined
            : arcaErrors
              ? `arca-errors ${authorityErrors(arcaErrors.value)}`
              : await failedJobMessage(client, workspace.apiKey, jobIds),
        hasJob: jobIds.length > 0,
      });
    }
  }
  return ours;
}

/** The authority's whole book for the CUIT, page by page. */
export async function readAuthorityBook(emulatorUrl: string, cuit: string): Promise<AuthorityVoucher[]> {
  const vouchers: AuthorityVoucher[] = [];
  let cursor: string | undefined;
  do {
    const page = await expectStatus(
      api(
        `${emulatorUrl}/emulator/portal/taxpayers/${cuit}/vouchers?environment=sandbox&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      ),
      200,
      "the authority's book",
    );
    vouchers.push(...page.list);
    cursor = page.next_cursor;
  } while (cursor);
  return vouchers;
}
