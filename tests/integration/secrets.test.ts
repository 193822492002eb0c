import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, ne } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { secrets } from '@/lib/db/schema';
import { newId } from '@/lib/ids';
import { SecretUnreadableError } from '@/lib/crypto/sealing';
import { masterKeyId } from '@/lib/crypto/master-keys';
import { deleteSecret, readSecret, reencryptAllSecrets, storeSecret } from '@/lib/crypto/secrets';
import { createWorkspace } from '@/tests/support/scenario';

const [KEY_A, KEY_B, KEY_C] = [0, 1, 2].map(() => randomBytes(32).toString('base64')) as [string, string, string];
const idOf = (key: string) => masterKeyId(Buffer.from(key, 'base64'));

let savedKey: string | undefined;
beforeEach(() => {
  savedKey = process.env.ENCRYPTION_KEY;
  process.env.ENCRYPTION_KEY = KEY_A;
});
afterEach(() => {
  if (savedKey === undefined) delete process.env.ENCRYPTION_KEY;
  else process.env.ENCRYPTION_KEY = savedKey;
});

let ownerId: string;
let otherOwnerId: string;
beforeAll(async () => {
  ownerId = (await createWorkspace()).owner_id;
  otherOwnerId = (await createWorkspace({ name: 'Another workspace' })).owner_id;
});

/** Every secret stored by this file, to prove they all still open after rotations. */
const stored: {
  id: string;
  plaintext: Buffer;
  context: { ownerId: string; entryId: string | null; purpose: string };
}[] = [];

async function store(
  purpose = 'certificate.key',
  plaintext: Buffer = randomBytes(48),
  owner = ownerId,
  entryId: string | null = newId(),
) {
  const context = { ownerId: owner, entryId, purpose };
  const id = await storeSecret(await getDb(), { ...context, plaintext });
  stored.push({ id, plaintext, context });
  return id;
}

async function expectAllOpen() {
  for (const { id, plaintext, context } of stored) expect((await readSecret(id, context)).equals(plaintext)).toBe(true);
}

describe('secrets in the database', () => {
  it('stores a secret sealed, never as plaintext, and reads it back', async () => {
    const plaintext = Buffer.from(
      `-----BEGIN PRIVATE KEY-----\nMIIE-test-${randomBytes(8).toString('hex')}-contraseña\n`,
    );
    const entryId = newId();
    const id = await store('certificate.key', plaintext, ownerId, entryId);
    const db = await getDb();
    const [row] = await db.select().from(secrets).where(eq(secrets.id, id));
    expect(row).toMatchObject({ ownerId, entryId, purpose: 'certificate.key', keyId: idOf(KEY_A) });
    for (const encoding of ['utf8', 'base64', 'base64url', 'hex'] as const) {
      expect(row!.sealed).not.toContain(plaintext.toString(encoding));
    }
    expect(row!.sealed).not.toContain('contraseña');
    expect((await readSecret(id, { ownerId, entryId, purpose: 'certificate.key' })).equals(plaintext)).toBe(true);
  });

  it('does not open in another purpose, entry or owner, nor once the row is moved to another owner', async () => {
    const entryId = newId();
    const id = await store('certificate.password', Buffer.from('hunter2'), ownerId, entryId);
    const db = await getDb();
    const expected = { ownerId, entryId, purpose: 'certificate.password' };
    for (const wrong of [
      { ...expected, purpose: 'certificate.key' },
      { ...expected, entryId: newId() },
      { ...expected, ownerId: otherOwnerId },
    ]) {
      await expect(readSecret(id, wrong)).rejects.toBeInstanceOf(SecretUnreadableError);
    }
    const moved = await store('certificate.password', Buffer.from('moved'), ownerId, entryId);
    stored.pop();
    await db.update(secrets).set({ ownerId: otherOwnerId }).where(eq(secrets.id, moved));
    await expect(readSecret(moved, { ...expected, ownerId: otherOwnerId })).rejects.toThrow(SecretUnreadableError);
    expect(await deleteSecret(db, moved)).toBe(true);
  });

  it('says a missing secret is unreadable, and deletes', async () => {
    const db = await getDb();
    const context = { ownerId, entryId: null, purpose: 'wsaa.ticket' };
    await expect(readSecret(newId(), context)).rejects.toThrow(SecretUnreadableError);
    await expect(readSecret('not-a-uuid', context)).rejects.toThrow(SecretUnreadableError);
    const id = await storeSecret(db, { ...context, plaintext: Buffer.from('token') });
    expect(await deleteSecret(db, id)).toBe(true);
    expect(await deleteSecret(db, id)).toBe(false);
    await expect(readSecret(id, context)).rejects.toThrow(SecretUnreadableError);
  });

  it('stores inside a transaction, and nothing when it rolls back', async () => {
    const db = await getDb();
    let id = '';
    await expect(
      db.transaction(async (tx) => {
        id = await storeSecret(tx, { ownerId, purpose: 'certificate.key', plaintext: Buffer.from('x') });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await db.select().from(secrets).where(eq(secrets.id, id))).toEqual([]);
  });
});

describe('reencryptAllSecrets', () => {
  it('moves every secret to the newest key in batches; a second run has nothing to do', async () => {
    for (let i = 0; i < 7; i++)
      await store(
        i % 2 ? 'certificate.key' : 'wsaa.ticket',
        randomBytes(i * 100),
        i % 3 ? ownerId : otherOwnerId,
        i === 3 ? null : newId(),
      );
    const db = await getDb();
    const longAgo = new Date('2000-01-01T00:00:00Z');
    await db.update(secrets).set({ updatedAt: longAgo });
    const total = (await db.select({ id: secrets.id }).from(secrets)).length;
    const before = new Map((await db.select().from(secrets)).map((row) => [row.id, row]));

    process.env.ENCRYPTION_KEY = `${KEY_B},${KEY_A}`;
    expect(await reencryptAllSecrets({ batchSize: 3 })).toEqual({ examined: total, reencrypted: total, unreadable: 0 });
    const after = await db.select().from(secrets);
    expect(after.every((row) => row.keyId === idOf(KEY_B) && row.sealed.startsWith(`v1.${idOf(KEY_B)}.`))).toBe(true);
    expect(after.every((row) => row.sealed !== before.get(row.id)!.sealed)).toBe(true);
    expect(after.every((row) => row.updatedAt > longAgo)).toBe(true);

    process.env.ENCRYPTION_KEY = KEY_B;
    await expectAllOpen();
    expect(await reencryptAllSecrets()).toEqual({ examined: 0, reencrypted: 0, unreadable: 0 });
  });

  it('shares the work between two runs at once, each row re-encrypted exactly once', async () => {
    for (let i = 0; i < 10; i++) await store();
    process.env.ENCRYPTION_KEY = KEY_B;
    for (let i = 0; i < 10; i++) await store();
    const db = await getDb();
    const total = (await db.select({ id: secrets.id }).from(secrets)).length;

    process.env.ENCRYPTION_KEY = `${KEY_C},${KEY_B},${KEY_A}`;
    const runs = await Promise.all([reencryptAllSecrets({ batchSize: 4 }), reencryptAllSecrets({ batchSize: 4 })]);
    expect(runs[0]!.reencrypted + runs[1]!.reencrypted).toBe(total);
    expect(
      await db
        .select()
        .from(secrets)
        .where(ne(secrets.keyId, idOf(KEY_C))),
    ).toEqual([]);
    process.env.ENCRYPTION_KEY = KEY_C;
    await expectAllOpen();
  });

  it('leaves alone, and counts, a secret whose key is no longer configured', async () => {
    process.env.ENCRYPTION_KEY = KEY_A;
    const orphan = await store();
    stored.pop();
    process.env.ENCRYPTION_KEY = KEY_C;
    expect(await reencryptAllSecrets()).toEqual({ examined: 1, reencrypted: 0, unreadable: 1 });
    const db = await getDb();
    expect((await db.select().from(secrets).where(eq(secrets.id, orphan)))[0]!.keyId).toBe(idOf(KEY_A));
    await deleteSecret(db, orphan);
  });
});
