'use client';
// A problem of the whole upload rather than of one file: the authority did not answer (try again), or
// a web service is not authorised yet (back to the instructions).
import { fill } from '@/lib/i18n/locales';
import { useMessages } from '@/components/i18n/locale-context';
import { ErrorNotice } from '@/components/wizard/error-notice';
import { secondaryButton } from '@/components/wizard/styles';
import type { UploadProblem } from '@/components/wizard/upload/upload-problem';

interface UploadProblemNoticeProps {
  /** Focus comes here when the problem is shown (it is of the whole upload, no field to go to). */
  id: string;
  problem: UploadProblem;
  onRetry?: () => void;
  onAuthorize: () => void;
}

export function UploadProblemNotice({ id, problem, onRetry, onAuthorize }: UploadProblemNoticeProps) {
  const t = useMessages();
  const retryable = problem.code === 'authority_unavailable' || problem.code === 'network';
  let action;
  if (retryable && onRetry) {
    action = (
      <button type="button" className={secondaryButton} onClick={onRetry}>
        {t.upload.retry}
      </button>
    );
  } else if (problem.code === 'service_not_authorized') {
    action = (
      <button type="button" className={secondaryButton} onClick={onAuthorize}>
        {t.upload.toAuthorize}
      </button>
    );
  }
  return (
    <ErrorNotice id={id} title={t.upload.errorTitle} action={action}>
      <p>{problem.message}</p>
      {retryable && problem.retryAfterSeconds !== undefined && (
        <p className="mt-1 text-sm">{fill(t.upload.retryIn, { seconds: problem.retryAfterSeconds })}</p>
      )}
    </ErrorNotice>
  );
}
