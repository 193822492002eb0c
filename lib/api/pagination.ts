// Keyset pagination, newest first: the cursor is the (created_at, id) of the last row served, opaque
// to clients (base64url JSON). A cursor we did not make is a 400, never a 500.
import { z } from 'zod';
import { desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ApiError } from '@/lib/api/errors';
import type { ListOf } from '@/lib/responses/common';

export const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).optional(),
});
export type ListQuery = z.output<typeof ListQuery>;

interface Position {
  createdAt: Date;
  id: string;
}

/** An opaque cursor: the values that place a row in its list's order, as base64url JSON. */
export const cursorOf = (values: readonly unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

/** The values `cursorOf` wrote, checked with `shape`: a cursor we did not make is `invalid_cursor` (a 400). */
export function cursorValues<T>(cursor: string, shape: z.ZodType<T>): T {
  const invalid = new ApiError('invalid_cursor', 'The cursor is not one this service issued.');
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  const parsed = shape.safeParse(decoded);
  if (!parsed.success) throw invalid;
  return parsed.data;
}

export const encodeCursor = (row: Position): string => cursorOf([row.createdAt.toISOString(), row.id]);

export function decodeCursor(cursor: string): Position {
  const [createdAt, id] = cursorValues(cursor, z.tuple([z.iso.datetime(), z.uuid()]));
  return { createdAt: new Date(createdAt), id };
}

/**
 * The `where` that continues after the cursor, for a list ordered by (created_at desc, id desc). A row
 * comparison: the planner reads it as one range of an index ending in (created_at, id) and starts
 * there, where the same condition spelt with `or` made it walk the index from the newest row.
 */
export function afterCursor(columns: { createdAt: PgColumn; id: PgColumn }, cursor?: string): SQL | undefined {
  if (!cursor) return undefined;
  const at = decodeCursor(cursor);
  return sql`(${columns.createdAt}, ${columns.id}) < (${at.createdAt.toISOString()}::timestamptz, ${at.id}::uuid)`;
}

export function newestFirst(columns: { createdAt: PgColumn; id: PgColumn }) {
  return [desc(columns.createdAt), desc(columns.id)];
}

/** Shapes a page from `limit + 1` fetched rows. */
export function toPage<R extends Position, T>(rows: R[], limit: number, present: (row: R) => T): ListOf<T> {
  const more = rows.length > limit;
  const served = more ? rows.slice(0, limit) : rows;
  const last = served.at(-1);
  return {
    list: served.map(present),
    limit,
    ...(more && last ? { next_cursor: encodeCursor(last) } : {}),
  };
}
