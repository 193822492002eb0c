// What the proxy checks before rendering a page: a registration link's page is a read of that link
// (the same limits as its API, so loading pages is no faster a way to try refs), and the emulator's
// portal in production is the operator's alone.
import { assertPortalAccess, BASIC_CHALLENGE } from '@/lib/server/emulator-gate';
import { limitLinkCall } from '@/lib/gov-ar/registration/link-rate-limits';
import { arAuthority } from '@/lib/config';
import { refusalOf } from '@/lib/server/page-refusal';

/** The refusal to answer instead of the page at `/<first>/<second>`, or undefined to render it. */
export async function refusedPage(
  request: Request,
  first: string | undefined,
  second: string | undefined,
): Promise<Response | undefined> {
  if (first === 'reg') return refusalOf(() => limitLinkCall(request, second ?? '', 'read'));
  if (first !== 'emulator' || arAuthority() !== 'emulator') return undefined;
  const refused = await refusalOf(() => assertPortalAccess(request));
  // A person's browser answers the challenge by asking for the token (any user name, the token as password).
  if (refused?.status === 401)
    for (const [name, value] of Object.entries(BASIC_CHALLENGE)) refused.headers.set(name, value);
  return refused;
}
