// Dates as the console shows them: in UTC and said so, the same on the server and in any browser (no
// hydration mismatch, no guessing which zone an integrator's colleague is in).
const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** `21 Nov 2028` */
export function formatDate(iso: string | undefined): string {
  const date = iso ? new Date(iso) : undefined;
  return date && !Number.isNaN(date.getTime()) ? DATE.format(date) : '—';
}

/** `2026-11-21 10:49:01 UTC` */
export function formatDateTime(iso: string | undefined): string {
  const date = iso ? new Date(iso) : undefined;
  if (!date || Number.isNaN(date.getTime())) return '—';
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
