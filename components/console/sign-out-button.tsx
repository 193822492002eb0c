'use client';
// Signing out: the server clears the cookie, this browser forgets what it fetched with it.
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { consoleApi, problemMessage } from '@/lib/console/api';
import { CONSOLE_PATHS } from '@/lib/console/paths';
import { smallButton } from '@/components/wizard/styles';

export function SignOutButton() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string>();
  const [pending, setPending] = useState(false);

  async function signOut() {
    setPending(true);
    try {
      await consoleApi('DELETE', '/console/session');
      queryClient.clear();
      router.replace(CONSOLE_PATHS.signIn);
      router.refresh();
    } catch (error) {
      setProblem(problemMessage(error));
      setPending(false);
    }
  }

  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" className={smallButton} onClick={signOut} disabled={pending}>
        Sign out
      </button>
      {problem && (
        <span role="alert" className="text-sm text-red-700">
          {problem}
        </span>
      )}
    </span>
  );
}
