'use client';
// One screen of the wizard: its heading (focused when the screen changes, so screen readers start
// here), a short lead, the content, and the back/next row.
import type { ReactNode, Ref } from 'react';

/** What every step gets from the wizard: where focus goes, and the way back (none on the first screen). */
export interface StepProps {
  headingRef: Ref<HTMLHeadingElement>;
  onBack?: () => void;
}

interface StepFrameProps {
  headingRef: Ref<HTMLHeadingElement>;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  nav?: ReactNode;
}

export function StepFrame({ headingRef, title, lead, children, nav }: StepFrameProps) {
  return (
    <section aria-labelledby="step-heading">
      <h2
        id="step-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold tracking-tight text-slate-900 outline-none sm:text-2xl"
      >
        {title}
      </h2>
      {lead && <p className="mt-2 text-base leading-relaxed text-slate-700">{lead}</p>}
      <div className="mt-6 space-y-6">{children}</div>
      {nav && <div className="mt-8">{nav}</div>}
    </section>
  );
}
