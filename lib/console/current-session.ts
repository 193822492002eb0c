// The console's pages on the server: the workspace the session cookie opens, looked up once per
// request; a page without one sends the browser to the sign-in page.
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import type { Caller } from '@/lib/access/caller';
import { CONSOLE_COOKIE } from '@/lib/access/console-cookie';
import { findConsoleSession, type ConsoleWorkspace } from '@/lib/access/console-session-queries';
import { CONSOLE_PATHS } from '@/lib/console/paths';

export const currentWorkspace = cache(async (): Promise<ConsoleWorkspace | undefined> => {
  const sessionId = (await cookies()).get(CONSOLE_COOKIE)?.value;
  return sessionId ? findConsoleSession(sessionId) : undefined;
});

export async function requireWorkspace(): Promise<ConsoleWorkspace> {
  const workspace = await currentWorkspace();
  if (!workspace) redirect(CONSOLE_PATHS.signIn);
  return workspace;
}

/** The signed-in workspace as the domain functions' caller, for pages that read on the server. */
export const callerFor = (workspace: ConsoleWorkspace): Caller => ({
  ownerId: workspace.owner_id,
  sandbox: workspace.sandbox,
  via: 'api_key',
});
