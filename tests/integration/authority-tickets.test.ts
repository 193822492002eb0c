// The WSAA ticket cache against the emulated authority over HTTP: one login per (certificate, service),
// sealed at rest, renewed shortly before expiry, and coe.alreadyAuthenticated answered from the cache.
import { createHash, randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { authorityTicket, type AuthorityCredential } from '@/lib/authority/tickets';
import { feParamGetPtosVenta } from '@/lib/authority/wsfe-client';
import { portal } from '@/tests/support/emulator-client';
import { makeCa, makeLeaf, prepareKeys } from '@/tests/support/pki';
import { useEmulator } from '@/tests/support/registration';
import { createWorkspace, freshCuit } from '@/tests/support/scenario';
import { closedPort, problemOf, withEnv } from '@/tests/support/authority';

beforeAll(() => prepareKeys());
const emulator = useEmulator();

let ownerId: string;
beforeAll(async () => {
  ownerId = (await createWorkspace()).owner_id;
});

async function rows<T>(query: SQL): Promise<T[]> {
  const db = await getDb();
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

let aliases = 0;

/** A sandbox certificate for a new CUIT, authorised for wsfe, as the gov-ar service hands it to authorityTicket. */
async function credential(): Promise<AuthorityCredential & { cuit: string }> {
  const cuit = freshCuit('20');
  const alias = `tickets${++aliases}`;
  const leaf = makeLeaf({ ca: makeCa('sandbox'), cuit, alias });
  expect(
    (await portal(emulator(), 'authorizations', { environment: 'sandbox', cuit, alias, service: 'wsfe' })).status,
  ).toBe(201);
  return {
    cuit,
    ownerId,
    entryId: randomUUID(),
    environment: 'sandbox',
    fingerprint: createHash('sha256').update(leaf.certificateDer).digest('hex'),
    certificatePem: leaf.certificatePem,
    privateKeyPem: leaf.keyPem,
  };
}

/** Tickets the emulated WSAA holds for the CUIT (each test has its own). */
const emulatorTickets = (cuit: string) =>
  rows<{ id: string }>(sql`select id from emulator_tickets where cuit = ${cuit}`);

const expireCachedIn = (fingerprint: string, minutes: number) =>
  rows(
    sql`update authority_tickets set expires_at = now() + make_interval(mins => ${minutes}) where fingerprint = ${fingerprint}`,
  );

describe('authorityTicket', () => {
  it('logs in once, then answers from the cache without contacting the WSAA', async () => {
    const supplier = await credential();
    const first = await authorityTicket(supplier, 'wsfe');
    expect(first.source).toBe('login');
    expect(first.expiresAt.getTime() - Date.now()).toBeGreaterThan(11 * 3_600_000);

    // With the authority out of reach, only the cache can answer.
    const unreachable = `http://127.0.0.1:${await closedPort()}`;
    const second = await withEnv({ AR_EMULATOR_URL: unreachable }, () => authorityTicket(supplier, 'wsfe'));
    expect(second).toEqual({ ...first, source: 'cache' });
    expect(await emulatorTickets(supplier.cuit)).toHaveLength(1);
    expect(
      await feParamGetPtosVenta('sandbox', { token: second.token, sign: second.sign, cuit: supplier.cuit }),
    ).toEqual([]);
  });

  it('keeps token and sign only sealed: neither is in the secrets or the ticket tables', async () => {
    const supplier = await credential();
    const ticket = await authorityTicket(supplier, 'wsfe');
    const [stored] = await rows<{ sealed: string; purpose: string; entry_id: string | null; ticket: string }>(sql`
      select s.sealed, s.purpose, s.entry_id, row_to_json(t)::text as ticket
      from authority_tickets t join secrets s on s.id = t.secret_id where t.fingerprint = ${supplier.fingerprint}`);
    expect(stored).toMatchObject({ purpose: 'wsaa_ticket:wsfe', entry_id: null });
    const everything = (
      await rows<{ row: string }>(sql`
      select row_to_json(s)::text as row from secrets s
      union all select row_to_json(t)::text from authority_tickets t`)
    )
      .map((r) => r.row)
      .join('\n');
    for (const text of [stored!.sealed, stored!.ticket, everything]) {
      expect(text).not.toContain(ticket.token.slice(0, 48));
      expect(text).not.toContain(ticket.sign.slice(0, 48));
    }
  });

  it('renews a ticket within 10 min of expiry, keeping the cached one while the WSAA still holds it', async () => {
    const supplier = await credential();
    const first = await authorityTicket(supplier, 'wsfe');

    // The WSAA's ticket is still valid, so the new login is refused as alreadyAuthenticated: the stored one stands.
    await expireCachedIn(supplier.fingerprint, 5);
    const kept = await authorityTicket(supplier, 'wsfe');
    expect(kept).toMatchObject({ token: first.token, sign: first.sign, source: 'cache' });
    expect(kept.expiresAt.getTime() - Date.now()).toBeLessThan(6 * 60_000);
    expect(await emulatorTickets(supplier.cuit)).toHaveLength(1);

    // Once the WSAA's has run out too, the login succeeds and replaces the cached ticket.
    await rows(sql`update emulator_tickets set expires_at = now() - interval '1 minute' where cuit = ${supplier.cuit}`);
    const renewed = await authorityTicket(supplier, 'wsfe');
    expect(renewed.source).toBe('login');
    expect(renewed.token).not.toBe(first.token);
    expect(await authorityTicket(supplier, 'wsfe')).toEqual({ ...renewed, source: 'cache' });
    expect(await rows(sql`select id from authority_tickets where fingerprint = ${supplier.fingerprint}`)).toHaveLength(
      1,
    );
    const secrets = await rows(sql`select id from secrets where purpose = 'wsaa_ticket:wsfe' and owner_id = ${ownerId}
      and id not in (select secret_id from authority_tickets)`);
    expect(secrets).toEqual([]); // the replaced ticket's secret went with it
  });

  it('throws already_authenticated when the WSAA holds a ticket that the cache does not', async () => {
    const supplier = await credential();
    await authorityTicket(supplier, 'wsfe');
    const [removed] = await rows<{ secret_id: string }>(
      sql`delete from authority_tickets where fingerprint = ${supplier.fingerprint} returning secret_id`,
    );
    await rows(sql`delete from secrets where id = ${removed!.secret_id}`);
    const error = await problemOf(authorityTicket(supplier, 'wsfe'));
    expect(error.problem).toBe('already_authenticated');
    expect(error.detail?.faultCode).toBe('ns1:coe.alreadyAuthenticated');
  });

  it('gives concurrent callers for one certificate the same usable ticket: one logs in, the others read it', async () => {
    const supplier = await credential();
    const tickets = await Promise.all(Array.from({ length: 4 }, () => authorityTicket(supplier, 'wsfe')));
    expect(tickets.map((ticket) => ticket.source).sort()).toEqual(['cache', 'cache', 'cache', 'login']);
    expect(new Set(tickets.map((ticket) => `${ticket.token}|${ticket.sign}`)).size).toBe(1);
    expect(await emulatorTickets(supplier.cuit)).toHaveLength(1);
    const [ticket] = tickets;
    expect(
      await feParamGetPtosVenta('sandbox', { token: ticket!.token, sign: ticket!.sign, cuit: supplier.cuit }),
    ).toEqual([]);
  });
});
