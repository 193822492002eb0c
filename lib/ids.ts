// Identifiers: UUID v7 (time-ordered) for rows, 128+ random bits for capabilities such as link refs.
import { randomBytes } from 'node:crypto';
import { v7 } from 'uuid';

export const newId = (): string => v7();

/** An unguessable, URL-safe reference: 160 random bits in base64url (27 characters). */
export const newRef = (): string => randomBytes(20).toString('base64url');

/** A timestamp as the API writes it; absent stays absent. */
export function isoTime(date: Date): string;
export function isoTime(date: Date | null | undefined): string | undefined;
export function isoTime(date: Date | null | undefined): string | undefined {
  return date ? date.toISOString() : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);
