// The emulator's own state: certificates it issued or revoked, service authorizations, points of sale
// and the tickets its WSAA handed out (token and sign kept only as SHA-256 digests).
import 'server-only';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { emulatorAuthorizations, emulatorCertificates, emulatorPointsOfSale, emulatorTickets } from '@/lib/db/schema';
import type { Environment } from '@/lib/ar/environments';
import { newId } from '@/lib/ids';

export type EmulatorCertificate = typeof emulatorCertificates.$inferSelect;
export type EmulatorPointOfSale = typeof emulatorPointsOfSale.$inferSelect;
export type EmulatorTicket = typeof emulatorTickets.$inferSelect;

export async function insertCertificate(row: typeof emulatorCertificates.$inferInsert): Promise<void> {
  const db = await getDb();
  await db.insert(emulatorCertificates).values(row);
}

export async function getCertificateByFingerprint(fingerprint: string): Promise<EmulatorCertificate | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(emulatorCertificates).where(eq(emulatorCertificates.fingerprint, fingerprint));
  return row;
}

/** Marks the certificate revoked, recording it first when it was issued outside the portal. */
export async function revokeCertificate(
  row: typeof emulatorCertificates.$inferInsert,
  at: Date,
): Promise<EmulatorCertificate> {
  const db = await getDb();
  const [stored] = await db
    .insert(emulatorCertificates)
    .values({ ...row, revokedAt: at })
    .onConflictDoUpdate({
      target: emulatorCertificates.fingerprint,
      set: { revokedAt: sql`coalesce(${emulatorCertificates.revokedAt}, ${at})` },
    })
    .returning();
  return stored!;
}

export async function addAuthorization(row: {
  environment: Environment;
  cuit: string;
  alias: string;
  service: string;
}) {
  const db = await getDb();
  await db
    .insert(emulatorAuthorizations)
    .values({ id: newId(), ...row })
    .onConflictDoNothing();
}

export async function isAuthorized(row: {
  environment: Environment;
  cuit: string;
  alias: string;
  service: string;
}): Promise<boolean> {
  const db = await getDb();
  const [found] = await db
    .select({ id: emulatorAuthorizations.id })
    .from(emulatorAuthorizations)
    .where(
      and(
        eq(emulatorAuthorizations.environment, row.environment),
        eq(emulatorAuthorizations.cuit, row.cuit),
        eq(emulatorAuthorizations.alias, row.alias),
        eq(emulatorAuthorizations.service, row.service),
      ),
    );
  return Boolean(found);
}

/** What the portal holds for an alias of a CUIT: its certificates still in force, and the services it may use. */
export async function portalRecordOfAlias(row: {
  environment: Environment;
  cuit: string;
  alias: string;
}): Promise<{ certificates: string[]; services: string[] }> {
  const db = await getDb();
  const [certificates, authorizations] = await Promise.all([
    db
      .select({ pem: emulatorCertificates.certificatePem })
      .from(emulatorCertificates)
      .where(
        and(
          eq(emulatorCertificates.environment, row.environment),
          eq(emulatorCertificates.cuit, row.cuit),
          eq(emulatorCertificates.alias, row.alias),
          isNull(emulatorCertificates.revokedAt),
        ),
      ),
    db
      .select({ service: emulatorAuthorizations.service })
      .from(emulatorAuthorizations)
      .where(
        and(
          eq(emulatorAuthorizations.environment, row.environment),
          eq(emulatorAuthorizations.cuit, row.cuit),
          eq(emulatorAuthorizations.alias, row.alias),
        ),
      ),
  ]);
  return {
    certificates: certificates.map((certificate) => certificate.pem),
    services: authorizations.map((authorization) => authorization.service),
  };
}

/** Registers the point of sale, or updates its state (emission type, blocked, dropped) when it exists. */
export async function upsertPointOfSale(row: {
  environment: Environment;
  cuit: string;
  number: number;
  emissionType: 'CAE' | 'CAEA';
  blocked: boolean;
  droppedOn: string | null;
}): Promise<EmulatorPointOfSale> {
  const db = await getDb();
  const [stored] = await db
    .insert(emulatorPointsOfSale)
    .values({ id: newId(), ...row })
    .onConflictDoUpdate({
      target: [emulatorPointsOfSale.environment, emulatorPointsOfSale.cuit, emulatorPointsOfSale.number],
      set: { emissionType: row.emissionType, blocked: row.blocked, droppedOn: row.droppedOn },
    })
    .returning();
  return stored!;
}

export async function portalPointsOfSale(environment: Environment, cuit: string): Promise<EmulatorPointOfSale[]> {
  const db = await getDb();
  return db
    .select()
    .from(emulatorPointsOfSale)
    .where(and(eq(emulatorPointsOfSale.environment, environment), eq(emulatorPointsOfSale.cuit, cuit)))
    .orderBy(asc(emulatorPointsOfSale.number));
}

type NewTicket = Omit<typeof emulatorTickets.$inferInsert, 'id' | 'createdAt'>;

/**
 * Stores the ticket unless one for this certificate and service is still valid (then answers false):
 * one statement, which replaces an expired ticket and, under concurrent logins from several app
 * instances, lets exactly one through (the unique index on certificate and service), as the real
 * WSAA's single view does.
 */
/**
 * Records a new ticket unless the certificate holds one for the service that is still valid and was issued
 * less than `lockoutMs` ago (the new one replaces it).
 */
export async function issueTicketUnlessValid(ticket: NewTicket, now: Date, lockoutMs: number): Promise<boolean> {
  const db = await getDb();
  const issued = await db
    .insert(emulatorTickets)
    .values({ id: newId(), ...ticket, createdAt: now })
    .onConflictDoUpdate({
      target: [emulatorTickets.environment, emulatorTickets.fingerprint, emulatorTickets.service],
      set: {
        id: sql`excluded.id`,
        cuit: sql`excluded.cuit`,
        tokenHash: sql`excluded.token_hash`,
        signHash: sql`excluded.sign_hash`,
        expiresAt: sql`excluded.expires_at`,
        createdAt: sql`excluded.created_at`,
      },
      setWhere: or(
        lte(emulatorTickets.expiresAt, now),
        lte(emulatorTickets.createdAt, new Date(now.getTime() - lockoutMs)),
      ),
    })
    .returning({ id: emulatorTickets.id });
  return issued.length > 0;
}

export async function getTicketByTokenHash(
  environment: Environment,
  tokenHash: string,
): Promise<EmulatorTicket | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(emulatorTickets)
    .where(and(eq(emulatorTickets.environment, environment), eq(emulatorTickets.tokenHash, tokenHash)));
  return row;
}
