// Why a stored invoice cannot become a WSFEX voucher: the field that is missing or wrong, by its path in the
// document (`customer.addresses`, `tax.ext.ar-fex-incoterm`), and what to give instead.
import { sameClassInEveryBundle } from '@/lib/process-singleton';

export class WsfexMappingError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'WsfexMappingError';
  }
}
sameClassInEveryBundle(WsfexMappingError, 'WsfexMappingError');
