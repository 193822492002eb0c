// What the proxy checks before rendering a page: a registration link's page is a read of that link
// (the same limits as its API, so loading pages is no faster a way to try refs).
import { limitLinkCall } from '../ar/registration/link-rate-limits';
import { refusalOf } from './page-refusal';

/** The refusal to answer instead of the page at `/<first>/<second>`, or undefined to render it. */
export async function refusedPage(request: Request, first: string | undefined, second: string | undefined): Promise<Response | undefined> {
  if (first === 'reg') return refusalOf(() => limitLinkCall(request, second ?? '', 'read'));
  return undefined;
}
