// Database access for workspaces, API keys, apps, enrollments and enrollment tokens.
import 'server-only';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import {
  apiKeys,
  apps,
  enrollments,
  enrollmentTokens,
  workspaces,
  type App,
  type EnrollmentRow,
} from '@/lib/db/schema';
import { newId } from '@/lib/ids';
import { digest, displayPrefix, newApiKey } from '@/lib/access/tokens';
import { cachedApiKeyCaller, rememberApiKeyCaller } from '@/lib/access/caller-cache';

import type { Caller } from '@/lib/access/caller';

export type { Caller };

/** The caller of an API key this process found valid in the last 30 s, without asking the database. */
export function cachedCaller(token: string): Caller | undefined {
  return token.startsWith('sk_') ? cachedApiKeyCaller(digest(token)) : undefined;
}

/** Keeps a caller found valid (API keys only; enrollment tokens expire and their apps can be disabled). */
export function rememberCaller(token: string, caller: Caller): void {
  if (caller.via === 'api_key') rememberApiKeyCaller(digest(token), caller);
}

/** The caller a token authenticates, read from the database; the cache is neither read nor filled. */
export async function lookupCallerByToken(token: string): Promise<Caller | undefined> {
  const db = await getDb();
  if (token.startsWith('sk_')) {
    const [row] = await db
      .select({ ownerId: workspaces.id, sandbox: workspaces.sandbox })
      .from(apiKeys)
      .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
      .where(and(eq(apiKeys.keyHash, digest(token)), isNull(apiKeys.revokedAt)));
    return row && { ...row, via: 'api_key' };
  }
  if (token.startsWith('enr_')) {
    const [row] = await db
      .select({
        ownerId: workspaces.id,
        sandbox: workspaces.sandbox,
        enrollmentId: enrollments.id,
        appId: enrollments.appId,
      })
      .from(enrollmentTokens)
      .innerJoin(enrollments, eq(enrollments.id, enrollmentTokens.enrollmentId))
      .innerJoin(workspaces, eq(workspaces.id, enrollments.ownerId))
      .where(
        and(
          eq(enrollmentTokens.tokenHash, digest(token)),
          gt(enrollmentTokens.expiresAt, new Date()),
          eq(enrollments.disabled, false),
        ),
      );
    return row && { ...row, via: 'enrollment' };
  }
  return undefined;
}

/** A workspace API key that is not revoked: its id and its workspace (signing the console in). */
export async function findApiKey(apiKey: string) {
  if (!apiKey.startsWith('sk_')) return undefined;
  const db = await getDb();
  const [row] = await db
    .select({ id: apiKeys.id, workspace: workspaces })
    .from(apiKeys)
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .where(and(eq(apiKeys.keyHash, digest(apiKey)), isNull(apiKeys.revokedAt)));
  return row;
}

export async function insertWorkspace(name: string, sandbox: boolean) {
  const db = await getDb();
  const apiKey = newApiKey(sandbox);
  return db.transaction(async (tx) => {
    const [workspace] = await tx.insert(workspaces).values({ id: newId(), name, sandbox }).returning();
    await tx.insert(apiKeys).values({
      id: newId(),
      workspaceId: workspace!.id,
      keyHash: digest(apiKey),
      prefix: displayPrefix(apiKey),
    });
    return { workspace: workspace!, apiKey };
  });
}

export async function countWorkspaces(): Promise<number> {
  const db = await getDb();
  return db.$count(workspaces);
}

export async function getWorkspaceById(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id));
  return row;
}

export async function insertApp(values: {
  ownerId: string;
  name: string;
  clientId: string;
  clientSecretHash: string;
}): Promise<App> {
  const db = await getDb();
  const [row] = await db
    .insert(apps)
    .values({ id: newId(), ...values })
    .returning();
  return row!;
}

/** An app the workspace may use: its own, or a built-in one such as `gov-ar`. */
export async function getAppVisibleTo(appId: string, ownerId: string): Promise<App | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(apps)
    .where(and(eq(apps.id, appId), or(eq(apps.ownerId, ownerId), eq(apps.builtIn, true))));
  return row;
}

export async function getAppByClientId(clientId: string): Promise<App | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(apps).where(eq(apps.clientId, clientId));
  return row;
}

/**
 * The app's enrollment for a workspace, made on first connect; connecting again returns the same one
 * as it is. A disabled enrollment stays disabled: connecting is not how it is lifted.
 */
export async function findOrCreateEnrollment(appId: string, ownerId: string): Promise<EnrollmentRow> {
  const db = await getDb();
  const now = new Date();
  const [row] = await db
    .insert(enrollments)
    .values({ id: newId(), appId, ownerId, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [enrollments.appId, enrollments.ownerId] })
    .returning();
  if (row) return row;
  return (await getEnrollment({ appId, ownerId }))!;
}

export async function getEnrollment(by: {
  id?: string;
  appId: string;
  ownerId?: string;
}): Promise<EnrollmentRow | undefined> {
  const db = await getDb();
  const conditions = [eq(enrollments.appId, by.appId)];
  if (by.id) conditions.push(eq(enrollments.id, by.id));
  if (by.ownerId) conditions.push(eq(enrollments.ownerId, by.ownerId));
  const [row] = await db
    .select()
    .from(enrollments)
    .where(and(...conditions));
  return row;
}

/** An enrollment that connects its app to its workspace: one not disabled. */
const connects = eq(enrollments.disabled, false);

export async function isAppConnected(appId: string, ownerId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.appId, appId), eq(enrollments.ownerId, ownerId), connects));
  return row !== undefined;
}

/** The ids of the apps the workspace has connected, as a column of a larger read (a job's creation reads it). */
export const connectedAppIds = (ownerId: string) =>
  sql<
    string[]
  >`array(select ${enrollments.appId} from ${enrollments} where ${enrollments.ownerId} = ${ownerId} and ${connects})`;

export async function insertEnrollmentToken(enrollmentId: string, token: string, expiresAt: Date) {
  const db = await getDb();
  await db.insert(enrollmentTokens).values({ id: newId(), enrollmentId, tokenHash: digest(token), expiresAt });
}
