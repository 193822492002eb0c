'use client';
// Where the supplier is: "Paso 2 de 6" and one segment per screen, the current one marked for
// screen readers with aria-current. Labels show from small tablets up; phones get the sentence.
import { fill } from '@/lib/i18n/locales';
import type { WizardStep } from '@/lib/wizard/types';
import { useMessages } from '@/components/i18n/locale-context';

export function ProgressIndicator({ sequence, step }: { sequence: WizardStep[]; step: WizardStep }) {
  const t = useMessages();
  const current = sequence.indexOf(step);
  return (
    <nav aria-label={t.progress.label} className="mb-6">
      <p className="text-sm font-medium text-slate-700">
        {fill(t.progress.stepOf, { n: current + 1, total: sequence.length })}
        <span aria-hidden="true" className="sm:hidden"> · {t.steps[step]}</span>
      </p>
      <ol className="mt-2 flex gap-1.5">
        {sequence.map((item, index) => (
          <li key={item} aria-current={index === current ? 'step' : undefined} className="min-w-0 flex-1">
            <span
              aria-hidden="true"
              className={`block h-1.5 rounded-full ${index < current ? 'bg-sky-700' : index === current ? 'bg-sky-500' : 'bg-slate-200'}`}
            />
            <span className={`sr-only sm:not-sr-only sm:mt-1.5 sm:block sm:text-xs ${index === current ? 'sm:font-semibold sm:text-slate-900' : 'sm:text-slate-600'}`}>
              {t.steps[item]}
              {index < current && <span className="sr-only"> ({t.progress.done})</span>}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
