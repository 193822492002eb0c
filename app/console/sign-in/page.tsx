// The console's door: a workspace API key. Someone already signed in goes straight to the console.
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/console/sign-in-form';
import { currentWorkspace } from '@/lib/console/current-session';
import { CONSOLE_PATHS } from '@/lib/console/paths';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage() {
  if (await currentWorkspace()) redirect(CONSOLE_PATHS.home);
  return (
    <main id="console-main" className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-12">
      <p className="flex items-center gap-2 font-semibold text-slate-800">
        <span aria-hidden="true" className="grid size-8 place-items-center rounded-lg bg-sky-700 text-sm text-white">
          AR
        </span>
        Integrator console
      </p>
      <h1 className="mt-6 text-2xl font-semibold tracking-tight text-slate-900">Sign in to your workspace</h1>
      <p className="mt-2 leading-relaxed text-slate-700">
        Use the workspace&apos;s API key, the one shown once when the workspace was made. It stays in this browser in a
        cookie that the page&apos;s scripts cannot read, and is never shown again.
      </p>
      <SignInForm />
    </main>
  );
}
