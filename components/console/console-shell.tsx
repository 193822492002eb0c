// The frame of the signed-in console: who is signed in (workspace, sandbox or live), the navigation,
// the sign-out; the page below it.
import type { ReactNode } from 'react';
import type { ConsoleWorkspace } from '@/lib/console/session';
import { ConsoleNav } from '@/components/console/console-nav';
import { SignOutButton } from '@/components/console/sign-out-button';

export function ConsoleShell({ workspace, children }: { workspace: ConsoleWorkspace; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#console-main"
        className="sr-only rounded-lg bg-white px-3 py-2 font-medium text-sky-800 focus:not-sr-only focus:absolute focus:left-2 focus:top-2"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <p className="flex items-center gap-2 font-semibold text-slate-800">
            <span
              aria-hidden="true"
              className="grid size-8 place-items-center rounded-lg bg-sky-700 text-sm text-white"
            >
              AR
            </span>
            <span className="leading-tight">Integrator console</span>
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-slate-700">
              <span className="sr-only">Workspace: </span>
              <span className="font-medium text-slate-900">{workspace.name}</span>{' '}
              <span
                className={`ml-1 inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${workspace.sandbox ? 'bg-amber-100 text-amber-900' : 'bg-emerald-100 text-emerald-900'}`}
              >
                {workspace.sandbox ? 'Sandbox' : 'Live'}
              </span>
            </p>
            <SignOutButton />
          </div>
        </div>
        <ConsoleNav />
      </header>
      <main
        id="console-main"
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 space-y-6 px-4 py-6 outline-none sm:px-6"
      >
        {children}
      </main>
    </div>
  );
}
