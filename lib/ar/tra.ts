// The login ticket request (TRA) a WSAA client signs: which service, and a short validity window.

export interface LoginTicketRequestOptions {
  service: string;
  now?: Date;
  /** A 32-bit number that, with generationTime, identifies the request; the Unix time by default. */
  uniqueId?: number;
}

/** The TRA: valid from ten minutes ago to ten minutes ahead, as the authority's own clients do. */
export function buildLoginTicketRequest({ service, now = new Date(), uniqueId }: LoginTicketRequestOptions): string {
  if (!/^[A-Za-z][A-Za-z0-9_-]{2,31}$/.test(service)) throw new Error(`Not a WSAA service name: ${service}`);
  const id = (uniqueId ?? Math.floor(now.getTime() / 1000)) >>> 0;
  const at = (offsetMinutes: number) => argentinaTime(new Date(now.getTime() + offsetMinutes * 60_000));
  return (
    '<?xml version="1.0" encoding="UTF-8"?><loginTicketRequest version="1.0"><header>' +
    `<uniqueId>${id}</uniqueId><generationTime>${at(-10)}</generationTime><expirationTime>${at(10)}</expirationTime>` +
    `</header><service>${service}</service></loginTicketRequest>`
  );
}

/** `2026-11-21T07:39:01-03:00`: Argentina has kept UTC−3 all year since 2009. */
export function argentinaTime(date: Date, withMilliseconds = false): string {
  const local = new Date(date.getTime() - 3 * 3_600_000).toISOString();
  return `${withMilliseconds ? local.slice(0, 23) : local.slice(0, 19)}-03:00`;
}
