// The HTTP method as a badge: the word itself carries the meaning, the colour only helps scanning.
const COLOURS: Record<string, string> = {
  get: 'bg-sky-100 text-sky-900 ring-sky-300',
  post: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  put: 'bg-amber-100 text-amber-900 ring-amber-300',
  patch: 'bg-violet-100 text-violet-900 ring-violet-300',
  delete: 'bg-rose-100 text-rose-900 ring-rose-300',
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={`inline-block min-w-16 rounded-md px-2 py-0.5 text-center font-mono text-xs font-bold ring-1 ${COLOURS[method] ?? 'bg-slate-100 text-slate-900 ring-slate-300'}`}
    >
      {method.toUpperCase()}
    </span>
  );
}
