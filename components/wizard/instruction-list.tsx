'use client';
// The numbered list of things to do in the authority's portal, one action per item. With the emulator on,
// an action only ARCA's real portal has (its menus, «Buscar», «Ver») says so, so the supplier never looks
// for a control the emulator's page does not have (tests/e2e/wizard-portal-record.spec.ts checks the rest).
import { createContext, type ReactNode, useContext } from 'react';
import { useMessages } from '@/components/i18n/locale-context';

const InEmulator = createContext(false);

export function InstructionList({
  children,
  label,
  emulator = false,
}: {
  children: ReactNode;
  label?: string;
  /** The supplier does these steps in the emulator's portal. */
  emulator?: boolean;
}) {
  return (
    <InEmulator.Provider value={emulator}>
      <ol aria-label={label} className="space-y-4 [counter-reset:instruction]">
        {children}
      </ol>
    </InEmulator.Provider>
  );
}

export function Instruction({
  children,
  hint,
  arcaOnly = false,
}: {
  children: ReactNode;
  hint?: string;
  /** Names something only ARCA's real portal has: the emulator's page goes straight past it. */
  arcaOnly?: boolean;
}) {
  const t = useMessages();
  const inEmulator = useContext(InEmulator);
  const skipped = arcaOnly && inEmulator;
  return (
    <li
      data-arca-only={skipped || undefined}
      className="relative pl-11 [counter-increment:instruction] before:absolute before:left-0 before:top-0 before:grid before:size-8 before:place-items-center before:rounded-full before:bg-sky-100 before:text-sm before:font-semibold before:text-sky-900 before:content-[counter(instruction)]"
    >
      <div className={`pt-1 text-base leading-relaxed ${skipped ? 'text-slate-600' : 'text-slate-900'}`}>
        {children}
      </div>
      {hint && <p className="mt-1 text-sm text-slate-600">{hint}</p>}
      {skipped && <p className="mt-1 text-sm font-medium text-amber-900">{t.portal.arcaOnly}</p>}
    </li>
  );
}
