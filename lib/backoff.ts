// Retry timing shared by the engine's error retries and webhook redelivery.

/** Exponential backoff with jitter: between half and all of the doubling delay, capped at an hour. */
export function backoff(attempt: number, baseMs = 1000, capMs = 3_600_000): Date {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return new Date(Date.now() + ceiling / 2 + Math.random() * (ceiling / 2));
}
