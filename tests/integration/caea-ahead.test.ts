// The CAEA asked ahead against the emulated authority: kept with the CUIT's CAEA points of sale and their
// sequences' last numbers; the next fortnight's only once its window opens; a CAEA that cannot be had (no CAEA
// point of sale, the authority down) kept as missing, with one meta record and one event per fortnight, and the
// record gone once it is had; nothing asked for a workspace that did not opt in; asked soon after a workflow
// opts in or a supplier registers. The clock is set (Date only) so that the rules' days are reachable any day.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { caeaCodes, invoiceSequences, metaRecords, webhookDeliveries } from '@/lib/db/schema';
import { keepCaeaAhead, wantedFortnights } from '@/lib/gov-ar/contingency/caea-ahead';
import { ensureSequence } from '@/lib/gov-ar/invoices/issuance-queries';
import { portal } from '@/tests/support/emulator-client';
import { addPointOfSale, completeRegistration, registeredSupplier } from '@/tests/support/invoices';
import { createInvoiceWorkflow } from '@/tests/support/issuing';
import { openRegistration, startRegistration, useEmulator } from '@/tests/support/registration';
import { createSupplier } from '@/tests/support/scenario';

const emulator = useEmulator();
afterEach(() => vi.useRealTimers());

/** Noon in Argentina on the day (yyyy-mm-dd). */
const at = (day: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${day}T12:00:00-03:00`));
};

const HOOK = { webhook: { url: 'https://example.com/caea-hook' } };
const CONTINGENCY = { contingency: 'caea', ...HOOK };

/** A live supplier registered in a workspace of its own, with these points of sale at the portal. */
async function supplierWith(points: Record<string, unknown>[]) {
  const supplier = await registeredSupplier(emulator(), { environment: 'live' });
  for (const point of points) await addPointOfSale(emulator(), 'live', supplier.cuit, point);
  return supplier;
}

const CAEA_POINTS = [{ number: 1 }, { number: 5, emission: 'CAEA' }, { number: 6, emission: 'CAEA' }];

async function caeaRows(cuit: string) {
  const db = await getDb();
  return db
    .select()
    .from(caeaCodes)
    .where(and(eq(caeaCodes.environment, 'live'), eq(caeaCodes.cuit, cuit)))
    .orderBy(caeaCodes.period, caeaCodes.half);
}

/** Waits for the background ask (a workflow opted in, a supplier registered) to leave its row. */
async function rowsSoon(cuit: string, count = 1) {
  const deadline = performance.now() + 15_000; // Date is held still
  for (;;) {
    const rows = await caeaRows(cuit);
    if (rows.length >= count && rows.every((row) => row.caea !== null || row.lastError !== null)) return rows;
    if (performance.now() > deadline) throw new Error(`no CAEA row for ${cuit}: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function recordsOf(entryId: string, key: 'caea-missing' | 'caea') {
  const db = await getDb();
  return db
    .select()
    .from(metaRecords)
    .where(and(eq(metaRecords.entryId, entryId), eq(metaRecords.src, 'gov-ar'), eq(metaRecords.key, key)));
}
const missingRecords = (entryId: string) => recordsOf(entryId, 'caea-missing');

async function missingEvents(ownerId: string) {
  const db = await getDb();
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.ownerId, ownerId), eq(webhookDeliveries.event, 'supplier.caea_missing')));
}

describe('the fortnights wanted', () => {
  it.each([
    ['20261120', [{ period: 202611, half: 2 }]],
    [
      '20261126',
      [
        { period: 202611, half: 2 },
        { period: 202612, half: 1 },
      ],
    ],
    [
      '20261227',
      [
        { period: 202612, half: 2 },
        { period: 202701, half: 1 },
      ],
    ],
    ['20261209', [{ period: 202612, half: 1 }]],
    ['20261210', [{ period: 202612, half: 1 }]],
    [
      '20261211',
      [
        { period: 202612, half: 1 },
        { period: 202612, half: 2 },
      ],
    ],
  ])('on %s', (today, wanted) => {
    expect(wantedFortnights(today)).toEqual(wanted);
  });
});

describe('the CAEA asked ahead', () => {
  it('is kept with the CAEA points of sale, their sequences learnt; the next fortnight only inside its window', async () => {
    at('2026-11-20');
    const supplier = await supplierWith(CAEA_POINTS);
    // The CUIT invoices A and B on point of sale 1, and exports (not WSFEv1's: no CAEA sequence for it).
    for (const docType of [1, 6, 19])
      await ensureSequence({ environment: 'live', cuit: supplier.cuit, pointOfSale: 1, docType });
    await createInvoiceWorkflow(supplier.apiKey, CONTINGENCY);
    await rowsSoon(supplier.cuit); // asked at once, in the background

    await keepCaeaAhead({ today: '2026-11-20', ownerId: supplier.ownerId });
    const [held, ...more] = await caeaRows(supplier.cuit);
    expect(more).toEqual([]);
    expect(held).toMatchObject({
      period: 202611,
      half: 2,
      validFrom: '20261116',
      validTo: '20261130',
      reportBy: '20261230',
      pointsOfSale: [5, 6],
      missingSince: null,
      lastError: null,
    });
    expect(held!.caea).toMatch(/^\d{14}$/);
    // Shown on the supplier's entry, for its integrator.
    expect((await recordsOf(supplier.entryId, 'caea')).map((record) => record.value)).toEqual([
      {
        period: 202611,
        half: 2,
        caea: held!.caea,
        valid_from: '2026-11-16',
        valid_to: '2026-11-30',
        report_by: '2026-12-30',
        points_of_sale: [5, 6],
      },
    ]);

    const db = await getDb();
    const sequences = await db
      .select()
      .from(invoiceSequences)
      .where(and(eq(invoiceSequences.environment, 'live'), eq(invoiceSequences.cuit, supplier.cuit)));
    const onCaea = sequences
      .filter((sequence) => sequence.pointOfSale !== 1)
      .map(({ pointOfSale, docType, lastNumber }) => ({ pointOfSale, docType, lastNumber }))
      .sort((a, b) => a.pointOfSale - b.pointOfSale || a.docType - b.docType);
    expect(onCaea).toEqual([
      { pointOfSale: 5, docType: 1, lastNumber: 0 },
      { pointOfSale: 5, docType: 6, lastNumber: 0 },
      { pointOfSale: 6, docType: 1, lastNumber: 0 },
      { pointOfSale: 6, docType: 6, lastNumber: 0 },
    ]);

    // Asked again: the same CAEA, nothing else.
    await keepCaeaAhead({ today: '2026-11-20', ownerId: supplier.ownerId });
    expect(await caeaRows(supplier.cuit)).toEqual([expect.objectContaining({ caea: held!.caea })]);

    // December's first fortnight may be asked from 26 November.
    at('2026-11-26');
    await keepCaeaAhead({ today: '2026-11-26', ownerId: supplier.ownerId });
    const rows = await caeaRows(supplier.cuit);
    expect(rows.map(({ period, half }) => `${period}-${half}`)).toEqual(['202611-2', '202612-1']);
    expect(rows[1]).toMatchObject({ validFrom: '20261201', pointsOfSale: [5, 6], lastError: null });
    expect(rows[1]!.caea).toMatch(/^\d{14}$/);
    expect(await missingRecords(supplier.entryId)).toEqual([]);
    const shown = (await recordsOf(supplier.entryId, 'caea')).map((record) => record.value as { caea: string });
    expect(shown.map((value) => value.caea).sort()).toEqual([held!.caea, rows[1]!.caea].sort());
  });

  it('missing: kept with why, one meta record and one event per fortnight; the record goes once it is had', async () => {
    at('2026-11-20');
    const supplier = await supplierWith([{ number: 1 }]); // no CAEA point of sale: the authority refuses (15003)
    await createInvoiceWorkflow(supplier.apiKey, CONTINGENCY);
    await rowsSoon(supplier.cuit);
    await keepCaeaAhead({ today: '2026-11-20', ownerId: supplier.ownerId });
    await keepCaeaAhead({ today: '2026-11-20', ownerId: supplier.ownerId });

    const [missing, ...more] = await caeaRows(supplier.cuit);
    expect(more).toEqual([]);
    expect(missing).toMatchObject({ period: 202611, half: 2, caea: null });
    expect(missing!.missingSince).toBeInstanceOf(Date);
    expect(missing!.lastError).toContain('15003');
    const records = await missingRecords(supplier.entryId);
    expect(records.map((record) => record.value)).toEqual([
      expect.objectContaining({ period: 202611, half: 2, error: expect.stringContaining('15003') }),
    ]);
    const events = await missingEvents(supplier.ownerId);
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.body)).toMatchObject({
      event: 'supplier.caea_missing',
      silo_entry_id: supplier.entryId,
      data: { cuit: supplier.cuit, period: 202611, half: 2 },
    });

    // The next fortnight's absence is its own: one more record and one more event.
    at('2026-11-27');
    await keepCaeaAhead({ today: '2026-11-27', ownerId: supplier.ownerId });
    expect(await missingRecords(supplier.entryId)).toHaveLength(2);
    expect(await missingEvents(supplier.ownerId)).toHaveLength(2);

    // A CAEA point of sale at the portal: both are had, and the records go.
    await addPointOfSale(emulator(), 'live', supplier.cuit, { number: 7, emission: 'CAEA' });
    await keepCaeaAhead({ today: '2026-11-27', ownerId: supplier.ownerId });
    const had = await caeaRows(supplier.cuit);
    expect(had.map((row) => [row.caea !== null, row.missingSince, row.lastError, row.pointsOfSale])).toEqual([
      [true, null, null, [7]],
      [true, null, null, [7]],
    ]);
    expect(await missingRecords(supplier.entryId)).toEqual([]);
    expect(await missingEvents(supplier.ownerId)).toHaveLength(2);
  });

  it('is not asked for a workspace whose workflows did not opt in', async () => {
    at('2026-11-20');
    const supplier = await supplierWith(CAEA_POINTS);
    await createInvoiceWorkflow(supplier.apiKey, HOOK);
    const result = await keepCaeaAhead({ today: '2026-11-20', ownerId: supplier.ownerId });
    expect(result).toMatchObject({ suppliers: 0, spoken: 0 });
    expect(await caeaRows(supplier.cuit)).toEqual([]);
  });

  it('is asked soon after a supplier of a workspace that opted in registers', async () => {
    at('2026-11-20');
    const registration = await openRegistration({ environment: 'live' });
    await createInvoiceWorkflow(registration.apiKey, CONTINGENCY);
    for (const point of CAEA_POINTS) await addPointOfSale(emulator(), 'live', registration.cuit, point);
    await completeRegistration(emulator(), registration);
    const [held] = await rowsSoon(registration.cuit);
    expect(held).toMatchObject({ period: 202611, half: 2, pointsOfSale: [5, 6] });
    expect(held!.caea).toMatch(/^\d{14}$/);
  });

  it('is bounded per run, the supplier asked longest ago first', async () => {
    at('2026-11-20');
    const first = await supplierWith([{ number: 1 }]); // neither has a CAEA point of sale: both stay missing
    const entry = await createSupplier(first.apiKey);
    const second = await completeRegistration(
      emulator(),
      await startRegistration({ ...first, entryId: entry.id, cuit: entry.data.tax_id.code }),
    );
    await createInvoiceWorkflow(first.apiKey, CONTINGENCY);
    await rowsSoon(first.cuit);
    await rowsSoon(second.cuit);
    const askedAt = async () =>
      Object.fromEntries(
        await Promise.all(
          [first.cuit, second.cuit].map(async (cuit) => [cuit, (await caeaRows(cuit))[0]!.updatedAt.getTime()]),
        ),
      );

    let before = await askedAt();
    for (const minute of [1, 2, 3]) {
      vi.setSystemTime(new Date(`2026-11-20T12:0${minute}:00-03:00`));
      const result = await keepCaeaAhead({ today: '2026-11-20', ownerId: first.ownerId, maxSpoken: 1 });
      expect(result).toMatchObject({ suppliers: 2, spoken: 1, missing: 1 });
      const after = await askedAt();
      const stalest = before[first.cuit]! <= before[second.cuit]! ? first.cuit : second.cuit;
      const other = stalest === first.cuit ? second.cuit : first.cuit;
      expect(after[stalest]).toBe(Date.now());
      expect(after[other]).toBe(before[other]);
      before = after;
    }
  });

  it('missing while the authority is down', async () => {
    at('2026-11-20');
    const supplier = await supplierWith(CAEA_POINTS);
    const down = { environment: 'live', fault: 'down', duration_ms: 5_000, count: 1 };
    expect((await portal(emulator(), 'faults', down)).status).toBe(201);
    await createInvoiceWorkflow(supplier.apiKey, CONTINGENCY);
    await rowsSoon(supplier.cuit);
    const result = await keepCaeaAhead({ today: '2026-11-20', ownerId: supplier.ownerId });
    expect(result).toMatchObject({ suppliers: 1, missing: 1, had: 0, failed: 0 });
    const [missing] = await caeaRows(supplier.cuit);
    expect(missing).toMatchObject({ caea: null, pointsOfSale: null });
    expect(missing!.lastError).toBeTruthy();
    expect(await missingRecords(supplier.entryId)).toHaveLength(1);
    expect(await missingEvents(supplier.ownerId)).toHaveLength(1);
  });
});
