// Database access for console sessions: opened by signing in with a workspace API key, found by the
// digest of the cookie's random id, and gone when signed out, expired, revoked or when the key is.
import 'server-only';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { apiKeys, consoleSessions, workspaces } from '@/lib/db/schema';
import { newId } from '@/lib/ids';
import { digest, newConsoleSessionId } from '@/lib/access/tokens';
import type { ConsoleWorkspace } from '@/lib/responses/access';

export type { ConsoleWorkspace };

/** A session id as we make them (43 base64url characters); anything else opens nothing and costs no query. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** Opens a session for the key's workspace; answers the id for the cookie, which is kept only as a digest. */
export async function insertConsoleSession(values: {
  ownerId: string;
  apiKeyId: string;
  expiresAt: Date;
}): Promise<string> {
  const db = await getDb();
  const sessionId = newConsoleSessionId();
  await db.insert(consoleSessions).values({ id: newId(), tokenHash: digest(sessionId), ...values });
  return sessionId;
}

/** The workspace a live session opens: not expired, not revoked, and its API key not revoked either. */
export async function findConsoleSession(sessionId: string, now = new Date()): Promise<ConsoleWorkspace | undefined> {
  if (!SESSION_ID.test(sessionId)) return undefined;
  const db = await getDb();
  const [row] = await db
    .select({ owner_id: workspaces.id, name: workspaces.name, sandbox: workspaces.sandbox })
    .from(consoleSessions)
    .innerJoin(apiKeys, eq(apiKeys.id, consoleSessions.apiKeyId))
    .innerJoin(workspaces, eq(workspaces.id, consoleSessions.ownerId))
    .where(
      and(
        eq(consoleSessions.tokenHash, digest(sessionId)),
        gt(consoleSessions.expiresAt, now),
        isNull(consoleSessions.revokedAt),
        isNull(apiKeys.revokedAt),
      ),
    );
  return row;
}

export async function deleteConsoleSession(sessionId: string): Promise<void> {
  if (!SESSION_ID.test(sessionId)) return;
  const db = await getDb();
  await db.delete(consoleSessions).where(eq(consoleSessions.tokenHash, digest(sessionId)));
}

/** Sessions that ran out keep nothing worth keeping; removed now and then (each sign-in), by the expiry index. */
export async function deleteExpiredConsoleSessions(now = new Date()): Promise<void> {
  const db = await getDb();
  await db.delete(consoleSessions).where(lt(consoleSessions.expiresAt, now));
}
