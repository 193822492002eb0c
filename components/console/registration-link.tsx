'use client';
// The supplier's registration link where it is still to use (copy it; on the supplier's page, open the
// wizard embedded too), or a sentence on why there is none to send: being made, used, closed, none yet.
import Link from 'next/link';
import { CONSOLE_PATHS } from '@/lib/console/paths';
import { linkState, registrationLink, type LinkState, type RegistrationJobState } from '@/lib/console/supplier';
import type { SupplierEntry } from '@/lib/console/types';
import { CopyButton } from '@/components/wizard/copy-button';
import { smallButton } from '@/components/wizard/styles';

const SAID: Record<Exclude<LinkState, 'open'>, string> = {
  being_made: 'The link is being made: it appears here in a moment.',
  used: 'The supplier has used this link. Send a renewal to make a new one.',
  closed: 'This link can no longer be used. Start the registration again to make a new one.',
  none: 'There is no link yet. Start a registration to make one.',
};

/** `job` undefined: not known yet (the jobs are loading), so nothing is said. */
export function RegistrationLink({
  entry,
  job,
  embed = false,
  small = false,
}: {
  entry: SupplierEntry;
  job: RegistrationJobState | undefined;
  embed?: boolean;
  small?: boolean;
}) {
  if (job === undefined) return null;
  const state = linkState(entry, job);
  const link = registrationLink(entry);
  if (state !== 'open' || !link)
    return <p className="mt-1 text-sm text-slate-700">{SAID[state === 'open' ? 'none' : state]}</p>;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2">
      <code className={`min-w-0 break-all rounded bg-slate-100 px-1.5 py-0.5 ${small ? 'text-xs' : 'text-sm'}`}>
        {link.url}
      </code>
      <CopyButton value={link.url} label="Copy link" />
      {embed && (
        <Link href={CONSOLE_PATHS.embed(entry.id)} className={smallButton}>
          Open the embedded wizard
        </Link>
      )}
    </div>
  );
}
