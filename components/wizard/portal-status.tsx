'use client';
// Whether the authority's portal already holds what this step asks for, said on the step itself: done (the
// server saw it), not yet (the page asks again by itself), or not knowable before the upload (ARCA's portal
// cannot be asked: lib/authority/portal-record.ts), so a supplier is never told "done" on faith.
import { useMessages } from '@/components/i18n/locale-context';

export type PortalStatus = 'done' | 'waiting' | 'unknown';

export function PortalStatusNote({ step, status }: { step: 'portal' | 'authorize'; status: PortalStatus }) {
  const { atPortal: t } = useMessages();
  const text =
    status === 'unknown'
      ? t.confirmLater
      : step === 'portal'
        ? status === 'done'
          ? t.certificateDone
          : t.certificateWaiting
        : status === 'done'
          ? t.authorizationDone
          : t.authorizationWaiting;
  return (
    <p
      role="status"
      data-portal-status={status}
      className={
        status === 'done'
          ? 'rounded-xl border border-emerald-300 bg-emerald-50 p-4 font-medium text-emerald-950'
          : 'text-sm text-slate-700'
      }
    >
      {text}
    </p>
  );
}
