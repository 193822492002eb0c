// Which of the authority's environments this registration is for: testing or production.
import type { Environment } from '@/lib/wizard/types';

export function EnvironmentBadge({ environment, label }: { environment: Environment; label: string }) {
  const colours = environment === 'sandbox' ? 'bg-amber-100 text-amber-900' : 'bg-emerald-100 text-emerald-900';
  return <p className={`inline-block rounded-full px-3 py-1 text-xs font-semibold ${colours}`}>{label}</p>;
}
