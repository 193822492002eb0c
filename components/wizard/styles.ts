// The wizard's few recurring looks, so every button and field feels the same (big touch targets).
const focus = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700';

export const primaryButton = `inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-sky-700 px-5 text-base font-semibold text-white shadow-sm hover:bg-sky-800 disabled:cursor-not-allowed disabled:bg-slate-400 ${focus}`;

export const secondaryButton = `inline-flex min-h-12 items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-5 text-base font-medium text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60 ${focus}`;

export const smallButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 ${focus}`;

export const textInput =
  'block w-full min-h-12 rounded-xl border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-sky-700 focus:outline-2 focus:outline-sky-700 aria-invalid:border-red-700 read-only:bg-slate-100 read-only:text-slate-700';

export const fieldLabel = 'block text-base font-medium text-slate-900';

export const fieldHint = 'mt-1 text-sm text-slate-600';

export const fieldError = 'mt-1 text-sm font-medium text-red-700';

export const link = `font-medium text-sky-800 underline underline-offset-2 ${focus}`;
