// Entries answered from memory (lib/silo/entry-read-cache.ts) must never be older than the
// database: every write to an entry or its meta records, through each of the functions that write
// them (lib/silo/queries.ts), shows in the next read; a read that a write overlapped is not kept; and
// with PostgreSQL (other instances write) or DB_SPEED_LAYER=off nothing is kept.
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { closeDb, getDb, getDbHandle } from '@/lib/db/client';
import { jobs, type Credential } from '@/lib/db/schema';
import { entriesWritten, entryVersion, readEntryThroughCache } from '@/lib/silo/entry-read-cache';
import { getEntry as readEntry } from '@/lib/silo/entries';
import {
  insertMetaRecords,
  replaceEntryData,
  setEntryStatus,
  stampEntries,
  updateMetaRecord,
} from '@/lib/silo/queries';
import { recordCertificate } from '@/lib/gov-ar/certificate-record';
import { newId } from '@/lib/ids';
import { createSupplier, getEntry, readyWorkspace } from '@/tests/support/scenario';
import {
  authorizeService,
  issueFromCsr,
  openRegistration,
  requestCsr,
  startRegistration,
  upload,
  useEmulator,
} from '@/tests/support/registration';

const emulator = useEmulator();
const embedded = !process.env.DATABASE_URL;

describe.runIf(embedded)('entries read from memory, embedded database', () => {
  it('show every step of a registration as soon as it is written', async () => {
    const workspace = await readyWorkspace();
    const supplier = await createSupplier(workspace.apiKey);
    const read = async () => (await getEntry(workspace.apiKey, supplier.id)).body;
    expect(await read()).toMatchObject({ status: 'Empty', meta: [] });
    expect(await read()).toMatchObject({ status: 'Empty', meta: [] });

    const registration = await startRegistration({
      apiKey: workspace.apiKey,
      ownerId: workspace.owner_id,
      workflowId: workspace.workflow.id,
      entryId: supplier.id,
      cuit: supplier.data.tax_id.code,
      environment: 'sandbox',
    });
    const linked = await read();
    expect(linked).toMatchObject({
      status: 'Processing',
      meta: [{ key: 'link', ref: registration.ref }, { key: 'registration' }],
    });

    const { body: csr } = await requestCsr(registration.ref);
    const certificate = await issueFromCsr(emulator(), 'sandbox', csr.alias, csr.csr);
    await authorizeService(emulator(), 'sandbox', registration.cuit, csr.alias);
    expect((await upload(registration.ref, { certificate })).status).toBe(200);
    const registered = await read();
    expect(registered.status).toBe('Registered');
    expect(registered.meta.length).toBeGreaterThan(linked.meta.length);
  });

  it('show a write made through each function that writes entries or meta records in the next read', async () => {
    const db = await getDb();
    const registration = await openRegistration();
    const caller = { ownerId: registration.ownerId } as Parameters<typeof readEntry>[0];
    const read = () => readEntry(caller, registration.entryId);
    /** Reads twice (the second from memory, the very same object), writes, and answers the next read. */
    const afterWrite = async (write: () => Promise<unknown>) => {
      const kept = await read();
      expect(await read()).toBe(kept);
      await write();
      const next = await read();
      expect(next).not.toBe(kept);
      return next;
    };

    // A status the engine sets (on its own, and inside a transaction: shown once committed).
    expect((await afterWrite(() => setEntryStatus(db, registration.entryId, 'Error'))).status).toBe('Error');
    expect(
      (await afterWrite(() => db.transaction((tx) => setEntryStatus(tx, registration.entryId, 'Registered')))).status,
    ).toBe('Registered');

    // The entry's content replaced (a correction), and stamped (an issued invoice's number).
    const data = { doc: { code: '' }, head: {} };
    expect(
      (
        await afterWrite(() =>
          db.transaction((tx) =>
            replaceEntryData(tx, registration.entryId, { data, requestDigest: 'x', status: 'Empty', identity: null }),
          ),
        )
      ).data,
    ).toEqual(data);
    const stamped = await afterWrite(() =>
      db.transaction((tx) =>
        stampEntries(
          tx,
          [{ entryId: registration.entryId, code: 'A-0001-00000001', stamps: [{ prv: 'cae', val: '1' }] }],
          'Sent',
        ),
      ),
    );
    expect(stamped.data).toEqual({ doc: { code: 'A-0001-00000001' }, head: { stamps: [{ prv: 'cae', val: '1' }] } });

    // A meta record added, then changed; and the certificate record written (upserted) by its own module.
    const id = newId();
    const added = await afterWrite(() =>
      insertMetaRecords(db, [
        {
          id,
          ownerId: registration.ownerId,
          entryId: registration.entryId,
          src: 'test',
          key: 'note',
          value: { n: 1 },
        },
      ]),
    );
    expect(added.meta.find((record) => record.id === id)?.value).toEqual({ n: 1 });
    const changed = await afterWrite(() =>
      updateMetaRecord(db, { id, entryId: registration.entryId }, { value: { n: 2 }, jobId: null }),
    );
    expect(changed.meta.find((record) => record.id === id)?.value).toEqual({ n: 2 });

    // Only its public facts are written (no credential row is needed for the record).
    const credential = (notAfter: Date): Credential => ({
      id: newId(),
      ownerId: registration.ownerId,
      entryId: registration.entryId,
      jobId: registration.jobId,
      environment: 'sandbox',
      cuit: registration.cuit,
      alias: 'alias',
      fingerprint: 'ab',
      serial: '01',
      subject: 'CN=alias',
      issuer: 'CN=Computadores Test',
      certificatePem: '',
      keySecretId: newId(),
      passwordSecretId: null,
      services: ['wsfe'],
      notBefore: new Date(Date.now() - 86_400_000),
      notAfter,
      status: 'active',
      createdAt: new Date(),
      replacedAt: null,
    });
    const certificateOf = (entry: { meta: { key: string; value?: unknown }[] }) =>
      entry.meta.find((record) => record.key === 'certificate')?.value as { state: string } | undefined;
    const inserted = await afterWrite(() =>
      db.transaction((tx) => recordCertificate(tx, credential(new Date(Date.now() + 365 * 86_400_000)))),
    );
    expect(certificateOf(inserted)?.state).toBe('valid');
    const updated = await afterWrite(() =>
      db.transaction((tx) => recordCertificate(tx, credential(new Date(Date.now() + 86_400_000)))),
    );
    expect(certificateOf(updated)?.state).toBe('expiring');

    // Nothing else moves the version: reads, and writes to other tables.
    const version = entryVersion(registration.entryId);
    await db.update(jobs).set({ updatedAt: new Date() }).where(eq(jobs.id, registration.jobId));
    await read();
    expect(entryVersion(registration.entryId)).toBe(version);
  });

  it('keeps an entry while other entries are written (issuing writes all the time), not past its own write', async () => {
    const db = await getDb();
    const [polled, other] = [await openRegistration(), await openRegistration()];
    const caller = { ownerId: polled.ownerId } as Parameters<typeof readEntry>[0];
    const kept = await readEntry(caller, polled.entryId);
    await setEntryStatus(db, other.entryId, 'Error');
    await insertMetaRecords(db, [
      { id: newId(), ownerId: other.ownerId, entryId: other.entryId, src: 'test', key: 'note', value: {} },
    ]);
    expect(await readEntry(caller, polled.entryId)).toBe(kept);
    // A write whose entry the database names (no id given) may be any entry's: nothing kept survives it.
    entriesWritten();
    const reread = await readEntry(caller, polled.entryId);
    expect(reread).not.toBe(kept);
    expect(reread).toEqual(kept);
    await setEntryStatus(db, polled.entryId, 'Error');
    expect((await readEntry(caller, polled.entryId)).status).toBe('Error');
    // Another workspace asking for the same id is not answered from memory (nor at all).
    const stranger = { ownerId: other.ownerId } as Parameters<typeof readEntry>[0];
    await expect(readEntry(stranger, polled.entryId)).rejects.toMatchObject({ code: 'entry_not_found' });
  });

  it('keeps no read that a write finished during, and no miss', async () => {
    const db = await getDb();
    const registration = await openRegistration();
    const caller = { ownerId: registration.ownerId } as Parameters<typeof readEntry>[0];
    await setEntryStatus(db, registration.entryId, 'Processing'); // what was kept is old
    let reads = 0;
    const overlapped = async () => {
      reads++;
      const entry = await readEntry(caller, registration.entryId);
      await setEntryStatus(db, registration.entryId, 'Error');
      return entry;
    };
    expect((await readEntryThroughCache(registration.ownerId, registration.entryId, overlapped))?.status).toBe(
      'Processing',
    );
    expect(reads).toBe(1);
    expect((await readEntry(caller, registration.entryId)).status).toBe('Error');

    const missing = async () => {
      reads++;
      return undefined;
    };
    await readEntryThroughCache(registration.ownerId, 'no-such-entry', missing);
    await readEntryThroughCache(registration.ownerId, 'no-such-entry', missing);
    expect(reads).toBe(3);
  });

  it('answers a kept entry as is, and nobody can change it in place', async () => {
    const registration = await openRegistration();
    const caller = { ownerId: registration.ownerId } as Parameters<typeof readEntry>[0];
    const first = await readEntry(caller, registration.entryId);
    const second = await readEntry(caller, registration.entryId);
    expect(second).toBe(first);
    expect(() => {
      (second as { status: string }).status = 'Registered';
    }).toThrow(TypeError);
    expect(() => {
      (second.data as { name: string }).name = 'Otro';
    }).toThrow(TypeError);
  });
});

describe.runIf(!embedded)('entries read from memory, PostgreSQL', () => {
  it('are never kept, since other instances write the same database', async () => {
    expect((await getDbHandle()).kind).toBe('postgres');
    expect(entryVersion(newId())).toBeUndefined();
    const registration = await openRegistration();
    let reads = 0;
    const read = async () => {
      reads++;
      return undefined;
    };
    await readEntryThroughCache(registration.ownerId, registration.entryId, read);
    await readEntryThroughCache(registration.ownerId, registration.entryId, read);
    expect(reads).toBe(2);
  });
});

describe.runIf(embedded)('entries read from memory, DB_SPEED_LAYER=off', () => {
  afterEach(async () => {
    delete process.env.DB_SPEED_LAYER;
    await closeDb();
  });

  it('are never kept: the embedded database runs plainly', async () => {
    await closeDb();
    process.env.DB_SPEED_LAYER = 'off';
    expect((await getDbHandle()).kind).toBe('pglite');
    expect(entryVersion(newId())).toBeUndefined();
    const registration = await openRegistration();
    let reads = 0;
    const read = async () => {
      reads++;
      return undefined;
    };
    await readEntryThroughCache(registration.ownerId, registration.entryId, read);
    await readEntryThroughCache(registration.ownerId, registration.entryId, read);
    expect(reads).toBe(2);
  });
});
