// Workspace API keys already looked up, per process, for a short while: most requests carry a key,
// and reading it back from the database doubled the cost of a simple read. Only keys that were
// valid are kept (a new key is never refused from here), and only API keys: enrollment tokens
// expire and their apps can be disabled. There is no API to revoke a key; one revoked in the
// database keeps working in a running process for up to API_KEY_TTL_MS.
import type { Caller } from '@/lib/access/caller';
import { processSingleton } from '@/lib/process-singleton';

const API_KEY_TTL_MS = 30_000;
const MAX_KEYS = 10_000;

const cache = processSingleton('api-key-callers', () => new Map<string, { caller: Caller; until: number }>());

/** The caller of an API key (by its digest) looked up less than API_KEY_TTL_MS ago. */
export function cachedApiKeyCaller(keyDigest: string): Caller | undefined {
  const hit = cache.get(keyDigest);
  if (!hit) return undefined;
  if (hit.until > Date.now()) return { ...hit.caller };
  cache.delete(keyDigest);
  return undefined;
}

export function rememberApiKeyCaller(keyDigest: string, caller: Caller): void {
  // Bounded: a flood of distinct valid keys cannot grow it without limit (oldest entry goes first).
  if (cache.size >= MAX_KEYS) cache.delete(cache.keys().next().value!);
  cache.set(keyDigest, { caller: { ...caller }, until: Date.now() + API_KEY_TTL_MS });
}
