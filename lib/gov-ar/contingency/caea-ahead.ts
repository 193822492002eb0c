// The CAEA asked ahead (periodic task `caea-ahead`, and soon after a workflow opts in or a supplier registers):
// for each registered supplier of each workspace with an `ar-invoice` workflow in `contingency: "caea"`, the
// current fortnight's CAEA and, once its request window opens, the next one's are asked (FECAEASolicitar) and kept
// with the CUIT's CAEA points of sale; on those points of sale each WSFEv1 voucher type the CUIT invoices gets its
// sequence, with its last number learnt (FECompUltimoAutorizado), so that issuing there needs no authority when it
// is down. A CAEA that cannot be had is made known (caea-missing.ts). Rules: docs/contingency.md.
import { fortnightOf, mayRequest, nextFortnight, type Fortnight } from '@/lib/ar/arca/caea-fortnight';
import { argentinaToday } from '@/lib/ar/arca/certain-refusals';
import type { Environment } from '@/lib/ar/environments';
import { serviceOfDocType } from '@/lib/ar/services';
import { isSandboxWorkspace } from '@/lib/access/sandbox-flag';
import { AuthorityError } from '@/lib/authority/authority-error';
import { authorityTicket } from '@/lib/authority/tickets';
import type { WsfeAuth } from '@/lib/authority/wsfe-client';
import { feCaeaSolicitar } from '@/lib/authority/wsfe-caea';
import { feCompUltimoAutorizado } from '@/lib/authority/wsfe-vouchers';
import type { CaeaCode, Credential, WorkflowRow } from '@/lib/db/schema';
import {
  caeaRowsOf,
  keepHeldCaea,
  learnLastNumber,
  listCaeaSuppliers,
  listCaeaWorkflows,
  sequencesOf,
} from '@/lib/gov-ar/contingency/caea-ahead-queries';
import { announceCaeaMissing, caeaNoLongerMissing, type CaeaTarget } from '@/lib/gov-ar/contingency/caea-missing';
import { openCredential } from '@/lib/gov-ar/credentials';
import { ensureSequence } from '@/lib/gov-ar/invoices/issuance-queries';
import { queryPointsOfSale } from '@/lib/gov-ar/points-of-sale';

/** Suppliers whose run spoke to the authority, per run: the rest (all held, sequences known) cost a few reads. */
const MAX_SPOKEN_PER_RUN = 50;
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
}

/** The fortnights whose CAEA is wanted on `today` (yyyymmdd): the current one, and the next once it may be asked. */
export function wantedFortnights(today: string): Fortnight[] {
  const current = fortnightOf(today);
  const next = nextFortnight(current);
  return mayRequest(next, today) ? [current, next] : [current];
}

export async function keepCaeaAhead(scope: CaeaAheadScope = {}): Promise<CaeaAheadResult> {
  const wanted = wantedFortnights((scope.today ?? argentinaToday()).replace(/-/g, ''));
  const result: CaeaAheadResult = { suppliers: 0, spoken: 0, had: 0, missing: 0, failed: 0 };
  for (const [ownerId, workflows] of byOwner(await listCaeaWorkflows(scope.ownerId))) {
    const environment: Environment = (await isSandboxWorkspace(ownerId)) === false ? 'live' : 'sandbox';
    for (let afterCuit: string | undefined; ; ) {
      const page = await listCaeaSuppliers(ownerId, environment, { afterCuit, cuit: scope.cuit, limit: SUPPLIER_PAGE });
      for (const { credential } of page.suppliers) {
        if (result.spoken >= MAX_SPOKEN_PER_RUN) return result;
        result.suppliers++;
        await keepSupplierCaea({ environment, credential, workflows }, wanted, result).catch((error: unknown) => {
          result.failed++;
          console.error(`[caea-ahead] ${environment} CUIT ${credential.cuit}:`, error);
        });
      }
      if (!page.lastCuit) break;
      afterCuit = page.lastCuit;
    }
  }
  return result;
}

/**
 * The same, soon and in the background (never holding the caller): a workflow just opted in, a supplier just
 * registered. Asking twice at once is harmless (the authority answers the same CAEA; the rows are upserts).
 */
export function askCaeaSoon(scope: Pick<CaeaAheadScope, 'ownerId' | 'cuit'>): void {
  void keepCaeaAhead(scope).catch((error: unknown) => console.error('[caea-ahead] asking soon failed:', error));
}

function byOwner(workflows: WorkflowRow[]): Map<string, WorkflowRow[]> {
  const owners = new Map<string, WorkflowRow[]>();
  for (const workflow of workflows) owners.set(workflow.ownerId, [...(owners.get(workflow.ownerId) ?? []), workflow]);
  return owners;
}

/** One supplier: each wanted fortnight's CAEA held (or its absence known), and its CAEA sequences ready. */
async function keepSupplierCaea(target: CaeaTarget, wanted: Fortnight[], result: CaeaAheadResult): Promise<void> {
  const { environment, credential } = target;
  const rows = await caeaRowsOf(environment, credential.cuit, wanted);
  const authority = spokenTo(credential, result);
  for (const fortnight of wanted) {
    const row = rows.find((held) => held.period === fortnight.period && held.half === fortnight.half);
    const points = row?.caea ? (row.pointsOfSale ?? []) : await askCaea(target, fortnight, authority, result);
    if (!points) continue;
    await caeaNoLongerMissing(target, fortnight);
    await readyCaeaSequences(environment, credential.cuit, points, authority);
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
    await keepHeldCaea({
      environment,
      cuit: credential.cuit,
      ...fortnight,
      caea: caea.caea,
      ...held,
      pointsOfSale: points,
    });
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

/**
 * On each CAEA point of sale, a sequence for each WSFEv1 voucher type the CUIT has one of, with its last number
 * learnt from the authority when we do not know it.
 */
async function readyCaeaSequences(
  environment: Environment,
  cuit: string,
  pointsOfSale: number[],
  authority: SpokenTo,
): Promise<void> {
  if (pointsOfSale.length === 0) return;
  const sequences = await sequencesOf(environment, cuit);
  const docTypes = [...new Set(sequences.map((sequence) => sequence.docType))].filter(
    (docType) => serviceOfDocType(docType) === 'wsfe',
  );
  for (const pointOfSale of pointsOfSale) {
    for (const docType of docTypes) {
      const sequence =
        sequences.find((held) => held.pointOfSale === pointOfSale && held.docType === docType) ??
        (await ensureSequence({ environment, cuit, pointOfSale, docType }));
      if (sequence.lastNumber !== null) continue;
      const last = await feCompUltimoAutorizado(environment, await authority.auth(), { pointOfSale, docType });
      await learnLastNumber(sequence.id, last);
    }
  }
}

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
