// A registration of an entry that already has a certificate (in use, or run out) is a renewal: the
// supplier keeps its status, and the current certificate keeps serving until a new one validates. A
// renewal starts from what the last registration left: the company data the supplier confirmed, and the
// certificate's alias, to which the portal adds the new certificate, so its authorizations carry over.
import type { Credential } from '@/lib/db/schema';
import type { AuthorityService } from '@/lib/ar/services';
import { CompanyDataSchema, type CompanyData } from '@/lib/responses/gov-ar-progress';
import { getLatestCompanyRecordValue } from '@/lib/gov-ar/registration/queries';

export const isRenewal = (entry: { status: string }) => entry.status === 'Registered' || entry.status === 'Expired';

/** The company data the entry's last successful registration confirmed (its `gov-ar`/`company` meta record). */
export async function previousCompany(entryId: string): Promise<CompanyData | undefined> {
  const value = await getLatestCompanyRecordValue(entryId);
  // Written by an older version, perhaps: only what today's form accepts is offered.
  const parsed = CompanyDataSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The web services the alias of this link's request is already authorized for: on a renewal our request
 * keeps the current certificate's alias, and an authorization belongs to the alias (the computador fiscal),
 * not to one certificate of it. A request made under another alias starts from none.
 */
export function servicesAuthorizedForAlias(
  current: Credential | undefined,
  requestAlias: string | undefined,
): AuthorityService[] {
  if (!current) return [];
  return requestAlias === undefined || requestAlias === current.alias ? [...current.services] : [];
}
