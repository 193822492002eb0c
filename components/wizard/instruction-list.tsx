// The numbered list of things to do in the authority's portal, one action per item.
import type { ReactNode } from 'react';

export function InstructionList({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ol aria-label={label} className="space-y-4 [counter-reset:instruction]">
      {children}
    </ol>
  );
}

export function Instruction({ children, hint }: { children: ReactNode; hint?: string }) {
  return (
    <li className="relative pl-11 [counter-increment:instruction] before:absolute before:left-0 before:top-0 before:grid before:size-8 before:place-items-center before:rounded-full before:bg-sky-100 before:text-sm before:font-semibold before:text-sky-900 before:content-[counter(instruction)]">
      <div className="pt-1 text-base leading-relaxed text-slate-900">{children}</div>
      {hint && <p className="mt-1 text-sm text-slate-600">{hint}</p>}
    </li>
  );
}
