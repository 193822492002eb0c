// Which sites may embed a registration's wizard in an iframe: the origins its workflow allows. The
// proxy turns them into the page's CSP frame-ancestors (lib/server/security-headers.ts); the wizard posts its messages only to them.
import { isLink } from '@/lib/gov-ar/registration/link';
import { getWorkflowConfigByRef } from '@/lib/gov-ar/registration/queries';
import { REF_SHAPE } from '@/lib/gov-ar/registration/schemas';

/** The workflow's allowed origins for a link; none for an unknown ref. */
export async function allowedOriginsFor(ref: string): Promise<string[]> {
  if (!REF_SHAPE.test(ref)) return [];
  const row = await getWorkflowConfigByRef(ref);
  if (!row || !isLink(row)) return [];
  return row.config.allowedOrigins ?? [];
}
