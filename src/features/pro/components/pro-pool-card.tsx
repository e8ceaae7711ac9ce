// /pro's pool chart (issue 33): the card holds its place while the chart's own chunk loads after
// the first frame (pro-pool-chart.tsx).
import { lazy, Suspense, useId } from 'react';
import type { ProPoolChartProps } from './pro-pool-chart';

const ProPoolChart = lazy(() => import('./pro-pool-chart').then((m) => ({ default: m.ProPoolChart })));

const HOLDING = <div className="h-[12.5rem] animate-pulse bg-slate-50" />;

export function ProPoolCard(props: ProPoolChartProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="border-b border-slate-100 px-4 py-3">
        <h2 id={titleId} className="font-bold">
          Cómo crece la bolsa
        </h2>
      </header>
      <Suspense fallback={HOLDING}>
        <ProPoolChart {...props} />
      </Suspense>
    </section>
  );
}
