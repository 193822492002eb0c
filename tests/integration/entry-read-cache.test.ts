// Entries answered from memory (lib/silo/entry-read-cache.ts) must never be older than the
// database: every write to an entry or its meta records, by any path, shows in the next read; a read
// that a write overlapped is not kept; and with PostgreSQL (other instances write) nothing is kept.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { getDb, getDbHandle } from '@/lib/db/client';
import { entries, jobs } from '@/lib/db/schema';
import { entryWriteCount } from '@/lib/db/entry-writes';
import { readEntryThroughCache } from '@/lib/silo/entry-read-cache';
import { getEntry as readEntry } from '@/lib/silo/entries';
import { createSupplier, getEntry, readyWorkspace } from '@/tests/support/scenario';
import {
  authorizeService, issueFromCsr, openRegistration, requestCsr, startRegistration, upload, useEmulator,
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
      apiKey: workspace.apiKey, ownerId: workspace.owner_id, workflowId: workspace.workflow.id, entryId: supplier.id,
      cuit: supplier.data.tax_id.code, environment: 'sandbox',
    });
    const linked = await read();
    expect(linked).toMatchObject({ status: 'Processing', meta: [{ key: 'link', ref: registration.ref }, { key: 'registration' }] });

    const { body: csr } = await requestCsr(registration.ref);
    const certificate = await issueFromCsr(emulator(), 'sandbox', csr.alias, csr.csr);
    await authorizeService(emulator(), 'sandbox', registration.cuit, csr.alias);
    expect((await upload(registration.ref, { certificate })).status).toBe(200);
    const registered = await read();
    expect(registered.status).toBe('Registered');
    expect(registered.meta.length).toBeGreaterThan(linked.meta.length);
  });

  it('counts writes to entries and meta records, whole transactions once committed, and nothing else', async () => {
    const db = await getDb();
    const registration = await openRegistration();
    const count = () => entryWriteCount()!;
    const start = count();
    await db.select().from(entries).where(eq(entries.id, registration.entryId));
    await db.update(jobs).set({ updatedAt: new Date() }).where(eq(jobs.id, registration.jobId));
    expect(count()).toBe(start);

    await db.update(entries).set({ updatedAt: new Date() }).where(eq(entries.id, registration.entryId));
    expect(count()).toBe(start + 1);
    await db.execute(sql`update meta_records set updated_at = now() where entry_id = ${registration.entryId}`);
    expect(count()).toBe(start + 2);

    await db.transaction(async (tx) => {
      await tx.update(entries).set({ status: 'Error' }).where(eq(entries.id, registration.entryId));
      expect(count()).toBe(start + 2); // not until it commits
    });
    expect(count()).toBe(start + 3);
    await db.transaction((tx) => tx.update(jobs).set({ updatedAt: new Date() }).where(eq(jobs.id, registration.jobId)));
    expect(count()).toBe(start + 3);
  });

  it('keeps no read that a write finished during, and no miss', async () => {
    const db = await getDb();
    const registration = await openRegistration();
    const caller = { ownerId: registration.ownerId } as Parameters<typeof readEntry>[0];
    await db.update(entries).set({ updatedAt: new Date() }).where(eq(entries.id, registration.entryId)); // what was kept is old
    let reads = 0;
    const overlapped = async () => {
      reads++;
      const entry = await readEntry(caller, registration.entryId);
      await db.update(entries).set({ status: 'Error' }).where(eq(entries.id, registration.entryId));
      return entry;
    };
    expect((await readEntryThroughCache(registration.ownerId, registration.entryId, overlapped))?.status).toBe('Processing');
    expect(reads).toBe(1);
    expect((await readEntry(caller, registration.entryId)).status).toBe('Error');

    const missing = async () => { reads++; return undefined; };
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
    expect(() => { (second as { status: string }).status = 'Registered'; }).toThrow(TypeError);
    expect(() => { (second.data as { name: string }).name = 'Otro'; }).toThrow(TypeError);
  });
});

describe.runIf(!embedded)('entries read from memory, PostgreSQL', () => {
  it('are never kept, since other instances write the same database', async () => {
    expect((await getDbHandle()).kind).toBe('postgres');
    expect(entryWriteCount()).toBeUndefined();
    const registration = await openRegistration();
    let reads = 0;
    const read = async () => { reads++; return undefined; };
    await readEntryThroughCache(registration.ownerId, registration.entryId, read);
    await readEntryThroughCache(registration.ownerId, registration.entryId, read);
    expect(reads).toBe(2);
  });
});
