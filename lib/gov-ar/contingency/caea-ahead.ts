// The CAEA asked ahead (periodic task `caea-ahead`, and soon after a workflow opts in or a supplier registers):
// for each registered supplier of each workspace with an `ar-invoice` workflow in `contingency: "caea"`, the
// current fortnight's CAEA and, once its request window opens, the next one's are asked (FECAEASolicitar) and kept
// with the CUIT's CAEA points of sale, whose sequences are made ready (caea-sequences.ts). A CAEA that cannot be
// had is made known (caea-missing.ts); one that is held is shown on the supplier's entry (meta record `caea`).
// Rules: docs/contingency.md.
import { fortnightOf, mayRequest, nextFortnight, type Fortnight } from '@/lib/ar/arca/caea-fortnight';
import { argentinaToday } from '@/lib/ar/arca/certain-refusals';
import { isoDate } from '@/lib/ar/arca/voucher-date';
import type { Environment } from '@/lib/ar/environments';
import { isSandboxWorkspace } from '@/lib/access/sandbox-flag';
import { AuthorityError } from '@/lib/authority/authority-error';
import { authorityTicket } from '@/lib/authority/tickets';
import type { WsfeAuth } from '@/lib/authority/wsfe-client';
import { feCaeaSolicitar } from '@/lib/authority/wsfe-caea';
import type { CaeaCode, Credential, InvoiceSequence, WorkflowRow } from '@/lib/db/schema';
import {
  caeaRecordsOf,
  caeaRowsOf,
  keepHeldCaea,
  listCaeaSuppliers,
  listCaeaWorkflows,
  recordCaeaHeld,
  removeCaeaMissingRecord,
  sequencesOf,
  type CaeaHeldRecord,
  type CaeaMissingRecord,
} from '@/lib/gov-ar/contingency/caea-ahead-queries';
import { announceCaeaMissing, type CaeaTarget } from '@/lib/gov-ar/contingency/caea-missing';
import { readyCaeaSequences, sequencesUnready } from '@/lib/gov-ar/contingency/caea-sequences';
import { openCredential } from '@/lib/gov-ar/credentials';
import { queryPointsOfSale } from '@/lib/gov-ar/points-of-sale';
import { runInBackground } from '@/lib/transform/background-work';

/**
 * Suppliers spoken to per run, the longest unasked first: the others (every CAEA held, sequences known) cost only
 * their share of a page's reads, and the rest of those due wait for the next run.
 */
const MAX_SPOKEN_PER_RUN = 50;
/** And at most this long (an authority that does not answer costs each supplier its time-out). */
const MAX_RUN_MS = 5 * 60_000;
/** Suppliers read per query. */
const SUPPLIER_PAGE = 200;

export interface CaeaAheadResult {
  /** Suppliers looked at. */
  suppliers: number;
  /** Of them, those whose run spoke to the authority. */
  spoken: number;
  /** Fortnights whose CAEA was had in this run, and those it could not have. */
  had: number;
  missing: number;
  /** Suppliers whose run failed for another reason (logged; the others went on). */
  failed: number;
}

export interface CaeaAheadScope {
  /** yyyy-mm-dd in Argentina (default: today). */
  today?: string;
  /** Only this workspace, and of it only this CUIT (the prompt asks after a workflow or a registration). */
  ownerId?: string;
  cuit?: string;
  /** Suppliers spoken to at most (default MAX_SPOKEN_PER_RUN). */
  maxSpoken?: number;
}

/** The fortnights whose CAEA is wanted on `today` (yyyymmdd): the current one, and the next once it may be asked. */
export function wantedFortnights(today: string): Fortnight[] {
  const current = fortnightOf(today);
  const next = nextFortnight(current);
  return mayRequest(next, today) ? [current, next] : [current];
}

/** A supplier as one page's reads found it. */
interface SupplierState {
  target: CaeaTarget;
  rows: CaeaCode[];
  sequences: InvoiceSequence[];
  records: CaeaMissingRecord[];
  /** Its `caea` records: the CAEAs shown on its entry. */
  shown: CaeaHeldRecord[];
}

export async function keepCaeaAhead(scope: CaeaAheadScope = {}): Promise<CaeaAheadResult> {
  const wanted = wantedFortnights((scope.today ?? argentinaToday()).replace(/-/g, ''));
  const result: CaeaAheadResult = { suppliers: 0, spoken: 0, had: 0, missing: 0, failed: 0 };
  const due: SupplierState[] = [];
  for (const [ownerId, workflows] of byOwner(await listCaeaWorkflows(scope.ownerId))) {
    const environment: Environment = (await isSandboxWorkspace(ownerId)) === false ? 'live' : 'sandbox';
    for (let afterCuit: string | undefined; ; ) {
      const page = await listCaeaSuppliers(ownerId, environment, { afterCuit, cuit: scope.cuit, limit: SUPPLIER_PAGE });
      const cuits = page.suppliers.map((supplier) => supplier.cuit);
      const rows = await caeaRowsOf(environment, cuits, wanted);
      const sequences = await sequencesOf(environment, cuits);
      const records = await caeaRecordsOf(page.suppliers.map((supplier) => supplier.credential.entryId));
      for (const { cuit, credential } of page.suppliers) {
        result.suppliers++;
        const state: SupplierState = {
          target: { environment, credential, workflows },
          rows: rows.filter((row) => row.cuit === cuit),
          sequences: sequences.filter((sequence) => sequence.cuit === cuit),
          records: records.missing.filter((record) => record.entryId === credential.entryId),
          shown: records.held.filter((record) => record.entryId === credential.entryId),
        };
        await clearHeld(state, wanted);
        if (needsAuthority(state, wanted)) due.push(state);
      }
      if (!page.lastCuit) break;
      afterCuit = page.lastCuit;
    }
  }
  const started = performance.now();
  for (const state of due.sort((a, b) => lastAsked(a, wanted) - lastAsked(b, wanted))) {
    if (result.spoken >= (scope.maxSpoken ?? MAX_SPOKEN_PER_RUN) || performance.now() - started > MAX_RUN_MS) break;
    await keepSupplierCaea(state, wanted, result).catch((error: unknown) => {
      result.failed++;
      console.error(`[caea-ahead] ${state.target.environment} CUIT ${state.target.credential.cuit}:`, error);
    });
  }
  return result;
}

/**
 * The same, soon and in the background (never holding the caller): a workflow just opted in, a supplier just
 * registered. Asking twice at once is harmless (the authority answers the same CAEA; the rows are upserts).
 */
export function askCaeaSoon(scope: Pick<CaeaAheadScope, 'ownerId' | 'cuit'>): void {
  runInBackground('caea-ahead', () => keepCaeaAhead(scope));
}

function byOwner(workflows: WorkflowRow[]): Map<string, WorkflowRow[]> {
  const owners = new Map<string, WorkflowRow[]>();
  for (const workflow of workflows) owners.set(workflow.ownerId, [...(owners.get(workflow.ownerId) ?? []), workflow]);
  return owners;
}

const sameFortnight = (a: Fortnight, b: Fortnight) => a.period === b.period && a.half === b.half;
const rowOf = (state: SupplierState, { period, half }: Fortnight) =>
  state.rows.find((row) => row.period === period && row.half === half);
const heldRow = (state: SupplierState, fortnight: Fortnight) => {
  const row = rowOf(state, fortnight);
  return row?.caea ? row : undefined;
};

/**
 * The records of a CAEA's absence that no longer hold (had since, maybe by another workspace of the CUIT) go, and
 * each held CAEA is shown on the entry.
 */
async function clearHeld(state: SupplierState, wanted: Fortnight[]): Promise<void> {
  for (const record of state.records) {
    if (wanted.some((fortnight) => sameFortnight(fortnight, record.value) && heldRow(state, fortnight)))
      await removeCaeaMissingRecord(record);
  }
  for (const fortnight of wanted) {
    const held = heldRow(state, fortnight);
    if (held && !state.shown.some((record) => sameFortnight(fortnight, record.value)))
      await showHeld(state.target.credential, held);
  }
}

/** The held CAEA as the supplier's `caea` record shows it (dates as yyyy-mm-dd). */
const showHeld = (credential: Credential, held: Omit<CaeaCode, 'missingSince' | 'lastError' | 'updatedAt'>) =>
  recordCaeaHeld(
    { ownerId: credential.ownerId, entryId: credential.entryId, jobId: credential.jobId },
    {
      period: held.period,
      half: held.half === 2 ? 2 : 1,
      caea: held.caea ?? '',
      valid_from: isoDate(held.validFrom ?? ''),
      valid_to: isoDate(held.validTo ?? ''),
      report_by: isoDate(held.reportBy ?? ''),
      points_of_sale: held.pointsOfSale ?? [],
    },
    argentinaToday(),
  );

/** Whether a wanted CAEA is not held, or a held CAEA's point of sale lacks a sequence or its last number. */
function needsAuthority(state: SupplierState, wanted: Fortnight[]): boolean {
  return wanted.some((fortnight) => {
    const held = heldRow(state, fortnight);
    return !held || sequencesUnready(held.pointsOfSale ?? [], state.sequences);
  });
}

/** When the supplier's missing CAEA was last asked (0: never, or only its sequences want the authority). */
function lastAsked(state: SupplierState, wanted: Fortnight[]): number {
  let oldest = Number.POSITIVE_INFINITY;
  for (const fortnight of wanted) {
    if (!heldRow(state, fortnight)) oldest = Math.min(oldest, rowOf(state, fortnight)?.updatedAt.getTime() ?? 0);
  }
  return Number.isFinite(oldest) ? oldest : 0;
}

/** One supplier: each wanted fortnight's CAEA held (or its absence known), and its CAEA sequences ready. */
async function keepSupplierCaea(state: SupplierState, wanted: Fortnight[], result: CaeaAheadResult): Promise<void> {
  const { environment, credential } = state.target;
  const authority = spokenTo(credential, result);
  for (const fortnight of wanted) {
    const held = heldRow(state, fortnight);
    const points = held ? (held.pointsOfSale ?? []) : await askCaea(state.target, fortnight, authority, result);
    if (!points) continue;
    if (!held) {
      for (const record of state.records.filter((missing) => sameFortnight(fortnight, missing.value)))
        await removeCaeaMissingRecord(record);
    }
    await readyCaeaSequences({ environment, cuit: credential.cuit }, points, state.sequences, authority.auth);
  }
}

/** The CAEA asked and kept with the CUIT's CAEA points of sale (answered); undefined when it cannot be had. */
async function askCaea(
  target: CaeaTarget,
  fortnight: Fortnight,
  authority: SpokenTo,
  result: CaeaAheadResult,
): Promise<number[] | undefined> {
  const { environment, credential } = target;
  try {
    const points = caeaPointsOfSale(await authority.points());
    const caea = await feCaeaSolicitar(environment, await authority.auth(), fortnight);
    const held: Pick<CaeaCode, 'validFrom' | 'validTo' | 'reportBy'> = {
      validFrom: caea.validFrom,
      validTo: caea.validTo,
      reportBy: caea.reportBy,
    };
    const kept = { environment, cuit: credential.cuit, ...fortnight, caea: caea.caea, ...held, pointsOfSale: points };
    await keepHeldCaea(kept);
    await showHeld(credential, kept);
    result.had++;
    return points;
  } catch (error) {
    // The authority refused (15003: no CAEA point of sale...) or did not answer: known, and asked again next run.
    if (!(error instanceof AuthorityError)) throw error;
    await announceCaeaMissing(target, fortnight, error.message);
    result.missing++;
    return undefined;
  }
}

/** The CAEA points of sale the authority lists (EmisionTipo CAEA), those still open (not blocked, not dropped). */
const caeaPointsOfSale = (points: Awaited<ReturnType<typeof queryPointsOfSale>>) =>
  points
    .filter((point) => /^CAEA\b/i.test(point.emissionType.trim()) && !point.blocked && point.droppedOn === null)
    .map((point) => point.number)
    .sort((a, b) => a - b);

/** The supplier's voice at WSFEv1, opened on first use (and then counted as spoken to). */
interface SpokenTo {
  auth(): Promise<WsfeAuth>;
  points(): ReturnType<typeof queryPointsOfSale>;
}

function spokenTo(credential: Credential, result: CaeaAheadResult): SpokenTo {
  let spoken = false;
  const speak = () => {
    if (!spoken) result.spoken++;
    spoken = true;
  };
  let auth: Promise<WsfeAuth> | undefined;
  return {
    auth() {
      speak();
      auth ??= openCredential(credential)
        .then((opened) => authorityTicket(opened, 'wsfe'))
        .then((ticket) => ({ token: ticket.token, sign: ticket.sign, cuit: credential.cuit }));
      return auth;
    },
    points() {
      speak();
      return queryPointsOfSale(credential, 'wsfe');
    },
  };
}
