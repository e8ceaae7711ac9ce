// Vertical bars in plain HTML (docs/decisions.md, "Charts"): points per round on a player's
// month. One image to assistive technology, described by `label`.
export interface Bar {
  key: string | number;
  /** Under the bar, short ("J12"). */
  name: string;
  value: number;
}

export function BarChart({ bars, label, height = 96 }: { bars: Bar[]; label: string; height?: number }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <figure role="img" aria-label={label} className="m-0">
      <div aria-hidden="true" className="flex items-end gap-1.5" style={{ height }}>
        {bars.map((b) => (
          <div key={b.key} className="flex min-w-0 flex-1 flex-col items-center justify-end gap-0.5 self-stretch">
            <span className="text-[10px] font-semibold leading-none text-slate-700 tabular-nums">{b.value}</span>
            <span className="w-full max-w-10 rounded-t bg-brand-600" style={{ height: `${Math.max(2, (b.value / max) * (height - 14))}px` }} />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex gap-1.5 text-[10px] leading-none text-slate-500">
        {bars.map((b) => (
          <span key={b.key} className="min-w-0 flex-1 truncate text-center">
            {b.name}
          </span>
        ))}
      </div>
    </figure>
  );
}
