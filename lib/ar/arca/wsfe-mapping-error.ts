// Why a stored invoice cannot become a WSFEv1 voucher: another web service issues it, it was never
// calculated, or its amounts are not what the authority could authorise as they stand.
import { sameClassInEveryBundle } from '@/lib/process-singleton';

export class WsfeMappingError extends Error {
  constructor(
    message: string,
    readonly service?: 'wsfex' | 'wsct',
  ) {
    super(message);
    this.name = 'WsfeMappingError';
  }
}
sameClassInEveryBundle(WsfeMappingError, 'WsfeMappingError');
