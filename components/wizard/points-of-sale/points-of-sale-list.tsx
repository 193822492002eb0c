'use client';
// The points of sale as the authority reports them (FEParamGetPtosVenta): number, emission type and
// whether it can be used (blocked or dropped ones cannot).
import { fill, formatDate } from '@/lib/i18n/locales';
import type { PointOfSale } from '@/lib/wizard/types';
import { useLocale, useMessages } from '@/components/i18n/locale-context';

export function PointsOfSaleList({ points }: { points: PointOfSale[] }) {
  const t = useMessages();
  const locale = useLocale();
  if (points.length === 0) {
    return <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">{t.pointsOfSale.empty}</p>;
  }
  const state = (point: PointOfSale) =>
    point.dropped_on
      ? fill(t.pointsOfSale.dropped, { date: formatDate(point.dropped_on, locale) })
      : point.blocked
        ? t.pointsOfSale.blocked
        : t.pointsOfSale.active;
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {points.map((point) => {
        const usable = !point.blocked && !point.dropped_on;
        return (
          <li key={point.number} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
            <span>
              <span className="text-sm text-slate-600">{t.pointsOfSale.number} </span>
              <span className="text-lg font-semibold tabular-nums">{String(point.number).padStart(5, '0')}</span>
              {point.emission_type && (
                <span className="block text-sm text-slate-700">
                  {t.pointsOfSale.emissionType}: {point.emission_type}
                </span>
              )}
            </span>
            <span
              className={`rounded-full px-2.5 py-0.5 text-sm font-medium ${usable ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'}`}
            >
              <span className="sr-only">{t.pointsOfSale.state}: </span>
              {state(point)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
