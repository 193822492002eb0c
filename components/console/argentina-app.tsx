'use client';
// Configuration › Apps › Argentina: connecting the built-in gov-ar app (POST /access/v1/apps/gov-ar/connect),
// which registration workflows need.
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { consoleApi, problemMessage } from '@/lib/console/api';
import { formatDateTime } from '@/lib/console/format';
import type { Enrollment } from '@/lib/console/types';
import { Spinner } from '@/components/wizard/spinner';
import { primaryButton } from '@/components/wizard/styles';
import { Notice, Section, StatusBadge } from '@/components/console/ui';

export function ArgentinaApp({ connectedAt }: { connectedAt?: string }) {
  const router = useRouter();
  const connect = useMutation({
    mutationFn: () => consoleApi<Enrollment>('POST', '/access/v1/apps/gov-ar/connect'),
    // The page reads the connection on the server: render it again with the new state.
    onSuccess: () => router.refresh(),
  });
  const since = connect.data?.created_at ?? connectedAt;

  return (
    <Section
      id="apps"
      title="Apps"
      lead="The apps this workspace uses. Registering Argentine suppliers needs the Argentina app."
    >
      <article
        aria-labelledby="app-argentina"
        className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-slate-200 p-4"
      >
        <div>
          <h3 id="app-argentina" className="font-semibold text-slate-900">
            Argentina <span className="font-normal text-slate-600">(AFIP/ARCA e-invoicing)</span>
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            {since ? (
              <>
                Connected <span className="text-slate-600">since {formatDateTime(since)}</span>
              </>
            ) : (
              'Not connected.'
            )}
          </p>
        </div>
        {since ? (
          <StatusBadge status="Connected" />
        ) : (
          <button type="button" className={primaryButton} onClick={() => connect.mutate()} disabled={connect.isPending}>
            {connect.isPending && <Spinner />} Connect
          </button>
        )}
      </article>
      <div className="mt-3">
        <Notice tone="success">
          {connect.isSuccess ? 'The Argentina app is connected: you can create the registration workflow below.' : null}
        </Notice>
        <Notice tone="error">{connect.isError ? problemMessage(connect.error) : null}</Notice>
      </div>
    </Section>
  );
}
