// When the console's "Send renewal" is worth a supplier's attention: loud from RENEWAL_DUE_DAYS before the
// certificate runs out (the expiry sweep's first warning), or once it has; quiet (small, with why) before.
import { registeredCertificate } from '@/lib/console/supplier';
import type { SupplierEntry } from '@/lib/console/types';

/** A renewal is worth sending from this many days before the certificate runs out. */
const RENEWAL_DUE_DAYS = 30;

/** The certificate's expiry while a renewal is not needed yet (more than RENEWAL_DUE_DAYS away); else undefined. */
export function renewalNotDueUntil(entry: SupplierEntry, now = Date.now()): string | undefined {
  const notAfter = registeredCertificate(entry)?.not_after;
  if (entry.status !== 'Registered' || !notAfter) return undefined;
  return Date.parse(notAfter) - now > RENEWAL_DUE_DAYS * 86_400_000 ? notAfter : undefined;
}
