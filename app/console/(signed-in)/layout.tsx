// Every console page but the sign-in: only with a session, inside the header with the workspace,
// the navigation and the sign-out.
import type { ReactNode } from 'react';
import { ConsoleShell } from '@/components/console/console-shell';
import { requireWorkspace } from '@/lib/console/current-session';

export const dynamic = 'force-dynamic';

export default async function SignedInLayout({ children }: { children: ReactNode }) {
  return <ConsoleShell workspace={await requireWorkspace()}>{children}</ConsoleShell>;
}
