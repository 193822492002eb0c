import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { decodeCursor, encodeCursor, ListQuery, toPage } from '@/lib/api/pagination';

const row = (ms: number, id: string) => ({ createdAt: new Date(ms), id });

describe('cursors', () => {
  it('round-trips a position', () => {
    const position = row(1_795_000_000_123, '01a1fd44-38d5-700f-b7fc-5e5656159949');
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  it.each([
    '',
    '!!!',
    'e30',
    Buffer.from('{"a":1}').toString('base64url'),
    Buffer.from('["2026-01-01T00:00:00.000Z","x"]').toString('base64url'),
  ])('refuses %j as invalid_cursor', (cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(ApiError);
    try {
      decodeCursor(cursor);
    } catch (error) {
      expect((error as ApiError).code).toBe('invalid_cursor');
      expect((error as ApiError).status).toBe(400);
    }
  });
});

describe('pages', () => {
  it('serves limit rows and a cursor when one more row was fetched', () => {
    const rows = [row(3, 'c'), row(2, 'b'), row(1, 'a')];
    const page = toPage(rows, 2, (r) => r.id);
    expect(page.list).toEqual(['c', 'b']);
    expect(decodeCursor.length).toBe(1);
    expect(page.next_cursor).toBeDefined();
    expect(toPage(rows.slice(0, 2), 2, (r) => r.id).next_cursor).toBeUndefined();
  });

  it('defaults the limit to 20 and bounds it to 1..100', () => {
    expect(ListQuery.parse({}).limit).toBe(20);
    expect(ListQuery.safeParse({ limit: '100' }).success).toBe(true);
    expect(ListQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(ListQuery.safeParse({ limit: '0' }).success).toBe(false);
  });
});
