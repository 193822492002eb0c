'use client';
// Where the supplier is: "Paso 2 de 5" and one segment per step, the current one marked for screen
// readers with aria-current. A segment is filled only when its step is done by the server's facts (not
// for having been seen); the portal, not needed with one's own certificate, is drawn apart, so the count
// never changes on the way. Labels show from small tablets up, on one line each; phones get the sentence.
import { fill } from '@/lib/i18n/locales';
import type { WizardStep } from '@/lib/wizard/types';
import { useMessages } from '@/components/i18n/locale-context';

interface ProgressIndicatorProps {
  steps: WizardStep[];
  step: WizardStep;
  isDone: (step: WizardStep) => boolean;
  skipped: readonly WizardStep[];
  /** Past the last step but the supplier still cannot invoice (a live one without a point of sale). */
  incomplete?: boolean;
}

export function ProgressIndicator({ steps, step, isDone, skipped, incomplete }: ProgressIndicatorProps) {
  const t = useMessages();
  const current = steps.indexOf(step);
  const finished = current < 0;
  const segment = (item: WizardStep, index: number) => {
    if (skipped.includes(item))
      return 'bg-[repeating-linear-gradient(90deg,var(--color-slate-300)_0_4px,transparent_4px_8px)]';
    if (isDone(item)) return 'bg-sky-700';
    return index === current ? 'bg-sky-400' : 'bg-slate-200';
  };
  return (
    <nav aria-label={t.progress.label} className="mb-6">
      <p className="text-sm font-medium text-slate-700">
        {finished
          ? incomplete
            ? t.progress.incomplete
            : t.progress.complete
          : fill(t.progress.stepOf, { n: current + 1, total: steps.length })}
        {!finished && (
          <span aria-hidden="true" className="sm:hidden">
            {' '}
            · {t.steps[step]}
          </span>
        )}
      </p>
      <ol className="mt-2 flex gap-1.5">
        {steps.map((item, index) => (
          <li
            key={item}
            aria-current={index === current ? 'step' : undefined}
            className="min-w-0 flex-1"
            data-done={isDone(item) || undefined}
          >
            <span aria-hidden="true" className={`block h-1.5 rounded-full ${segment(item, index)}`} />
            <span
              className={`sr-only sm:not-sr-only sm:mt-1.5 sm:block sm:truncate sm:text-xs ${index === current ? 'sm:font-semibold sm:text-slate-900' : 'sm:text-slate-600'}`}
            >
              {t.steps[item]}
              {skipped.includes(item) ? (
                <span className="sr-only"> ({t.progress.skipped})</span>
              ) : (
                isDone(item) && <span className="sr-only"> ({t.progress.done})</span>
              )}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
