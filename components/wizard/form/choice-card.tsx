'use client';
// A radio button drawn as a big card (title and one line of explanation), easy to hit on a phone; in a row
// of cards, each as tall as the tallest.
import { useId, type ComponentProps } from 'react';

interface ChoiceCardProps extends Omit<ComponentProps<'input'>, 'type' | 'id'> {
  title: string;
  hint?: string;
}

export function ChoiceCard({ title, hint, ...radio }: ChoiceCardProps) {
  const id = useId();
  return (
    <div className="relative h-full">
      <input
        id={id}
        type="radio"
        {...radio}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="peer absolute left-4 top-5 size-5 accent-sky-700"
      />
      <label
        htmlFor={id}
        className="block h-full cursor-pointer rounded-xl border-2 border-slate-300 bg-white py-4 pl-12 pr-4 hover:border-slate-400 peer-checked:border-sky-700 peer-checked:bg-sky-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-700"
      >
        <span className="block text-base font-semibold text-slate-900">{title}</span>
        {hint && (
          <span id={`${id}-hint`} className="mt-1 block text-sm text-slate-700">
            {hint}
          </span>
        )}
      </label>
    </div>
  );
}
