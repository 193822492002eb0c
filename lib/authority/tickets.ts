// WSAA tickets cached per (environment, certificate, service) in the database, sealed, and shared by
// every instance: the authority refuses a second login while a ticket it issued is still valid.
import 'server-only';
import { inTransaction } from '@/lib/db/client';
import type { AuthorityService } from '@/lib/ar/services';
import type { Environment } from '@/lib/ar/environments';
import { deleteSecret, readSecret, storeSecret } from '@/lib/crypto/secrets';
import { newId } from '@/lib/ids';
import { AuthorityError } from '@/lib/authority/authority-error';
import { loginCms, type Ticket } from '@/lib/authority/wsaa-client';
import { getAuthorityTicket, lockAuthorityTicketSecret, upsertAuthorityTicket } from '@/lib/authority/queries';

/** A ticket this close to its expiry is renewed rather than used. */
const RENEW_BEFORE_MS = 10 * 60_000;

export interface AuthorityCredential {
  ownerId: string;
  entryId: string;
  environment: Environment;
  fingerprint: string;
  certificatePem: string;
  privateKeyPem: string;
}

export type TicketSource = 'cache' | 'login';

/** A usable ticket: the cached one, or a new login. */
export async function authorityTicket(
  credential: AuthorityCredential,
  service: AuthorityService,
): Promise<Ticket & { source: TicketSource }> {
  const cached = await readCachedTicket(credential, service);
  if (cached && cached.expiresAt.getTime() - Date.now() > RENEW_BEFORE_MS) return { ...cached, source: 'cache' };
  try {
    const ticket = await loginCms(credential.environment, service, credential);
    await storeTicket(credential, service, ticket);
    return { ...ticket, source: 'login' };
  } catch (error) {
    if (!(error instanceof AuthorityError) || error.problem !== 'already_authenticated') throw error;
    // Another instance (or an earlier attempt) holds the valid ticket: use it once it is stored.
    for (let attempt = 0; attempt < 5; attempt++) {
      const stored = await readCachedTicket(credential, service);
      if (stored && stored.expiresAt > new Date()) return { ...stored, source: 'cache' };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw error;
  }
}

const purpose = (service: AuthorityService) => `wsaa_ticket:${service}`;

async function readCachedTicket(
  credential: AuthorityCredential,
  service: AuthorityService,
): Promise<Ticket | undefined> {
  const row = await getAuthorityTicket({
    environment: credential.environment,
    fingerprint: credential.fingerprint,
    service,
  });
  if (!row || row.expiresAt <= new Date()) return undefined;
  const opened = await readSecret(row.secretId, {
    ownerId: row.ownerId,
    entryId: null,
    purpose: purpose(service),
  }).catch(() => undefined);
  if (!opened) return undefined;
  const { token, sign } = JSON.parse(opened.toString('utf8')) as { token: string; sign: string };
  return { token, sign, expiresAt: row.expiresAt };
}

async function storeTicket(credential: AuthorityCredential, service: AuthorityService, ticket: Ticket): Promise<void> {
  await inTransaction(async (tx) => {
    const secretId = await storeSecret(tx, {
      ownerId: credential.ownerId,
      // A ticket belongs to the certificate, which two entries of one supplier may share.
      entryId: null,
      purpose: purpose(service),
      plaintext: Buffer.from(JSON.stringify({ token: ticket.token, sign: ticket.sign })),
    });
    const key = { environment: credential.environment, fingerprint: credential.fingerprint, service };
    const previousSecretId = await lockAuthorityTicketSecret(tx, key);
    await upsertAuthorityTicket(tx, {
      id: newId(),
      ownerId: credential.ownerId,
      ...key,
      secretId,
      expiresAt: ticket.expiresAt,
    });
    if (previousSecretId) await deleteSecret(tx, previousSecretId);
  });
}
