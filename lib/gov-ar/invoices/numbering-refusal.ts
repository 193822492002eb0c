// A voucher refused for its number or date alone (WSFEv1's 10016, FECAEARegInformativo's 703) is one of three
// things: dated before the voucher the authority holds as the number before it (its own refusal), a number the
// authority already holds (an answer was lost), or a number that is not next. Only the first is the voucher's
// refusal, and it is told by the record of the number before it, never by the sequence's last number: a record
// that lags shows that one behind, which would turn a voucher the authority holds into a refused one. The other
// two leave it in doubt, for the record to settle.
import { AuthorityError } from '@/lib/authority/authority-error';
import type { InvoiceSend } from '@/lib/db/schema';
import type { Authority } from '@/lib/gov-ar/invoices/sequence-authority';
import type { HeldVoucher, VoucherService } from '@/lib/gov-ar/invoices/voucher-service';

/**
 * Whether the send, as number `number`, is dated before the voucher the authority's record holds as `number - 1`.
 * A lookup that fails, or a record that shows nothing there yet, cannot tell: not a refusal.
 */
export async function datedBeforePrevious(
  vouchers: VoucherService,
  authority: Authority,
  send: InvoiceSend,
  number: number,
): Promise<boolean> {
  if (number <= 1) return false;
  let previous: HeldVoucher | undefined;
  try {
    previous = await vouchers.lookUp(authority, number - 1);
  } catch (error) {
    if (error instanceof AuthorityError) return false;
    throw error;
  }
  const previousDate = previous ? vouchers.dateOf(previous.fields) : '';
  const date = vouchers.dateOf(vouchers.numbered(send, number));
  return /^\d{8}$/.test(previousDate) && /^\d{8}$/.test(date) && date < previousDate;
}
