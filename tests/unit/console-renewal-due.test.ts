// The console's "Send renewal" (issue 31): quiet while the certificate is far from expiry, loud from the
// expiry sweep's first warning (30 days before), once it has run out, and whenever the expiry is unknown.
import { describe, expect, it } from 'vitest';
import { renewalNotDueUntil } from '@/lib/console/renewal-due';
import type { SupplierEntry } from '@/lib/console/types';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const DAY = 86_400_000;

function supplier(status: string, notAfter?: string): SupplierEntry {
  return {
    id: 'e',
    owner_id: 'o',
    folder: 'suppliers',
    status,
    data: { name: 'Ñandú S.A.', tax_id: { country: 'AR', code: '30712345671' } },
    meta: notAfter
      ? [
          {
            id: 'm',
            src: 'gov-ar',
            key: 'certificate',
            value: { alias: 'a', serial: '01', not_after: notAfter, services: ['wsfe'] },
          } as unknown as SupplierEntry['meta'][number],
        ]
      : [],
    created_at: '2026-11-27T10:00:00.000Z',
    updated_at: '2026-11-27T10:00:00.000Z',
  } as SupplierEntry;
}

const inDays = (days: number) => new Date(NOW + days * DAY).toISOString();

describe('"Send renewal"', () => {
  it.each([
    ['two years away', true, 'Registered', inDays(730)],
    ['31 days away', true, 'Registered', inDays(31)],
    ['30 days away (the first warning)', false, 'Registered', inDays(30)],
    ['a week away', false, 'Registered', inDays(7)],
    ['run out', false, 'Registered', inDays(-1)],
    ['an expired supplier', false, 'Expired', inDays(-10)],
    ['no certificate on record', false, 'Registered', undefined],
  ] as const)('with the certificate %s, quiet is %s', (_case, quiet, status, notAfter) => {
    expect(renewalNotDueUntil(supplier(status, notAfter), NOW)).toBe(quiet ? notAfter : undefined);
  });
});
