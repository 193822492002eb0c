'use client';
// The first screen's few words on what is about to happen, and that leaving is safe.
import { useMessages } from '@/components/i18n/locale-context';

export function Welcome() {
  const t = useMessages();
  return (
    <div className="mb-6 rounded-xl border border-slate-200 bg-white p-4">
      <p className="text-base leading-relaxed text-slate-800">{t.supplier.intro}</p>
      <p className="mt-2 text-sm text-slate-600">{t.supplier.resume}</p>
    </div>
  );
}
