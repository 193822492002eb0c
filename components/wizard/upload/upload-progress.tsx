'use client';
// How far the upload is: a progress bar while the bytes go, then "checking with ARCA" while the
// server proves the certificate with a login at the authority.
import { fill } from '@/lib/i18n/locales';
import type { UploadPhase } from '@/lib/wizard/upload-request';
import { useMessages } from '@/components/i18n/locale-context';
import { Spinner } from '@/components/wizard/spinner';

export function UploadProgress({ phase }: { phase?: UploadPhase }) {
  const t = useMessages();
  return (
    <div role="status" className="text-sm text-slate-700">
      {phase?.phase === 'sending' && (
        <>
          <p>{fill(t.upload.sending, { percent: phase.percent })}</p>
          <progress
            aria-label={t.upload.progress}
            max={100}
            value={phase.percent}
            className="mt-2 block h-2 w-full appearance-none overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:bg-sky-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-sky-700"
          />
        </>
      )}
      {phase?.phase === 'verifying' && (
        <p className="flex items-center gap-2">
          <Spinner />
          {t.upload.verifying}
        </p>
      )}
    </div>
  );
}
