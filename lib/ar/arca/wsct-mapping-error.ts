// Why a stored type T invoice cannot become WSCT's `comprobanteRequest`, naming the field (relative to the
// document: `customer.addresses.0.country`) so the store can answer 422 with it.
import { sameClassInEveryBundle } from '@/lib/process-singleton';

export class WsctMappingError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'WsctMappingError';
  }
}
sameClassInEveryBundle(WsctMappingError, 'WsctMappingError');
