'use client';
// Back and Next at the bottom of a screen. Next is either a form's submit button or an action; it
// says it is busy and cannot be pressed twice while the step's work runs.
import { useMessages } from '@/components/i18n/locale-context';
import { Spinner } from '@/components/wizard/spinner';
import { primaryButton, secondaryButton } from '@/components/wizard/styles';

interface StepNavProps {
  onBack?: () => void;
  onNext?: () => void;
  /** Submit this form instead of calling onNext. */
  form?: string;
  busy?: boolean;
  nextLabel?: string;
}

export function StepNav({ onBack, onNext, form, busy = false, nextLabel }: StepNavProps) {
  const t = useMessages();
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
      {onBack ? (
        <button type="button" onClick={onBack} className={secondaryButton} disabled={busy}>
          <span aria-hidden="true">←</span> {t.nav.back}
        </button>
      ) : (
        <span />
      )}
      {(onNext || form) && (
        <button
          type={form ? 'submit' : 'button'}
          form={form}
          onClick={form ? undefined : onNext}
          disabled={busy}
          aria-disabled={busy}
          className={`${primaryButton} sm:min-w-40`}
        >
          {busy && <Spinner />}
          {nextLabel ?? t.nav.next}
          {!busy && <span aria-hidden="true">→</span>}
        </button>
      )}
    </div>
  );
}
