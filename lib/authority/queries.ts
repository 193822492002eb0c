// Database access for cached WSAA tickets: one row per (environment, certificate, service), its ticket
// sealed in `secrets`.
import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb, type Tx } from '@/lib/db/client';
import { authorityTickets, registerTickets, type AuthorityTicket } from '@/lib/db/schema';
import type { AuthorityService } from '@/lib/ar/services';
import type { Environment } from '@/lib/ar/environments';

/** Which ticket: the authority issues one per certificate (fingerprint), environment and service. */
export interface TicketKey {
  environment: Environment;
  fingerprint: string;
  service: AuthorityService;
}

const isTicket = (key: TicketKey) =>
  and(
    eq(authorityTickets.environment, key.environment),
    eq(authorityTickets.fingerprint, key.fingerprint),
    eq(authorityTickets.service, key.service),
  );

export async function getAuthorityTicket(key: TicketKey): Promise<AuthorityTicket | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(authorityTickets).where(isTicket(key));
  return row;
}

/** The stored ticket's secret, its row locked for the rest of the transaction. */
export async function lockAuthorityTicketSecret(tx: Tx, key: TicketKey): Promise<string | undefined> {
  const [row] = await tx
    .select({ secretId: authorityTickets.secretId })
    .from(authorityTickets)
    .where(isTicket(key))
    .for('update');
  return row?.secretId;
}

/** Stores the ticket, replacing the one stored for the same key. */
export async function upsertAuthorityTicket(tx: Tx, values: typeof authorityTickets.$inferInsert): Promise<void> {
  await tx
    .insert(authorityTickets)
    .values(values)
    .onConflictDoUpdate({
      target: [authorityTickets.environment, authorityTickets.fingerprint, authorityTickets.service],
      set: { ownerId: values.ownerId, secretId: values.secretId, expiresAt: values.expiresAt },
    });
}

/** The platform's register ticket for this certificate, sealed, with its expiry; undefined when none is kept. */
export async function getRegisterTicket(
  environment: Environment,
  fingerprint: string,
): Promise<{ sealed: string; expiresAt: Date } | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ sealed: registerTickets.sealed, expiresAt: registerTickets.expiresAt })
    .from(registerTickets)
    .where(and(eq(registerTickets.environment, environment), eq(registerTickets.fingerprint, fingerprint)));
  return row;
}

/** Keeps the platform's register ticket, replacing the one kept for the same certificate. */
export async function upsertRegisterTicket(values: typeof registerTickets.$inferInsert): Promise<void> {
  const db = await getDb();
  await db
    .insert(registerTickets)
    .values(values)
    .onConflictDoUpdate({
      target: [registerTickets.environment, registerTickets.fingerprint],
      set: { sealed: values.sealed, expiresAt: values.expiresAt },
    });
}
