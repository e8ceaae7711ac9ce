// Vertical bars in plain HTML (docs/decisions/scoring.md, "Charts"): points per round on a player's
// month, the admin's 30 days. One image to assistive technology, described by `label`.
export interface Bar {
  key: string | number;
  /** Under the bar, short and what tells it from the others ("28 nov", not "Quiniela del…"). */
  name: string;
  /** The bar's whole name, its tooltip ("Quiniela del 28 de noviembre"); `label` says it too. */
  title?: string;
  value: number;
}

/** Above this many bars each one is too narrow for its name and value: the chart names every
 * few bars (counted back from the last, today's) and writes only the peak's and the last value;
 * every figure stays in `label` and the caller's table. */
const BARS_WITH_EVERY_NAME = 12;

/** Which bars show their name and value (all of them on a short chart). */
export function barLabels(bars: readonly Bar[]): { named: boolean[]; valued: boolean[] } {
  const n = bars.length;
  if (n <= BARS_WITH_EVERY_NAME) return { named: bars.map(() => true), valued: bars.map(() => true) };
  const every = Math.ceil(n / 6);
  const peak = bars.reduce((best, b, i) => (b.value > bars[best]!.value ? i : best), 0);
  return {
    named: bars.map((_, i) => (n - 1 - i) % every === 0),
    valued: bars.map((_, i) => i === peak || i === n - 1),
  };
}

export function BarChart({ bars, label, height = 96 }: { bars: Bar[]; label: string; height?: number }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const { named, valued } = barLabels(bars);
  const few = bars.length <= BARS_WITH_EVERY_NAME;
  return (
    <figure role="img" aria-label={label} className="m-0">
      <div aria-hidden="true" className={`flex items-end ${few ? 'gap-1.5' : 'gap-0.5'}`} style={{ height }}>
        {bars.map((b, i) => (
          <div key={b.key} title={b.title} className="flex min-w-0 flex-1 flex-col items-center justify-end gap-0.5 self-stretch">
            <span className={`whitespace-nowrap text-[10px] font-semibold leading-none text-slate-700 tabular-nums ${valued[i] ? '' : 'invisible'}`}>{b.value}</span>
            <span className="w-full max-w-10 rounded-t bg-brand-600" style={{ height: `${Math.max(2, (b.value / max) * (height - 14))}px` }} />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className={`mt-1 flex text-[10px] leading-none text-slate-500 ${few ? 'gap-1.5' : 'gap-0.5'}`}>
        {bars.map((b, i) =>
          few ? (
            <span key={b.key} className="min-w-0 flex-1 truncate text-center">
              {b.name}
            </span>
          ) : (
            // A sparse name overflows its narrow column into its unnamed neighbours'; the last one
            // ends at the chart's edge.
            <span key={b.key} className={`flex min-w-0 flex-1 ${i === bars.length - 1 ? 'justify-end' : 'justify-center'}`}>
              {named[i] && <span className="whitespace-nowrap">{b.name}</span>}
            </span>
          ),
        )}
      </div>
    </figure>
  );
}
