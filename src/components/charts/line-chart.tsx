// A small line chart in hand-drawn SVG (docs/decisions/scoring.md, "Charts"): a player's rank through
// the month, with other lines to compare; the Pro pool through the week, with its floor as a
// dashed guide. The whole figure is one image to assistive
// technology, described by `label`; the drawing and its axis marks are hidden from it.
export interface LineSeries {
  key: string;
  points: { x: number; y: number }[];
  tone: 'main' | 'gold' | 'muted';
}

const TONES: Record<LineSeries['tone'], { stroke: string; width: number }> = {
  main: { stroke: 'var(--color-brand-700)', width: 3 },
  gold: { stroke: 'var(--color-gold-400)', width: 2 },
  muted: { stroke: '#94a3b8', width: 1.5 },
};

const WIDTH = 320;

export function LineChart({
  series, xMin, xMax, yMin, yMax, label, height = 150, invert = false, xLabels, yLabels, guides = [],
}: {
  series: LineSeries[];
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
  /** The text alternative: the trend in words. */
  label: string;
  height?: number;
  /** Smaller values at the top (ranks: 1.º is best). */
  invert?: boolean;
  xLabels: [string, string];
  yLabels: [string, string];
  /** Dashed horizontal lines at these values (a floor, a target). */
  guides?: number[];
}) {
  const pad = 8;
  const x = (v: number) => pad + (xMax === xMin ? 0.5 : (v - xMin) / (xMax - xMin)) * (WIDTH - 2 * pad);
  const y = (v: number) => {
    const share = yMax === yMin ? 0.5 : (v - yMin) / (yMax - yMin);
    return pad + (invert ? share : 1 - share) * (height - 2 * pad);
  };
  // The main line is drawn last, over the others.
  const ordered = [...series].sort((a, b) => Number(a.tone === 'main') - Number(b.tone === 'main'));
  return (
    <figure role="img" aria-label={label} className="m-0 flex gap-1.5">
      <div aria-hidden="true" className="flex flex-col justify-between py-0.5 text-right text-[10px] leading-none text-slate-500 tabular-nums">
        <span>{yLabels[0]}</span>
        <span>{yLabels[1]}</span>
      </div>
      <div className="min-w-0 flex-1">
        <svg aria-hidden="true" viewBox={`0 0 ${WIDTH} ${height}`} preserveAspectRatio="none" className="block h-[150px] w-full rounded-lg bg-slate-50">
          {[0.25, 0.5, 0.75].map((f) => (
            <line key={f} x1={0} x2={WIDTH} y1={f * height} y2={f * height} stroke="#e2e8f0" strokeWidth={1} vectorEffect="non-scaling-stroke" />
          ))}
          {guides.map((g) => (
            <line key={`guide-${g}`} x1={0} x2={WIDTH} y1={y(g)} y2={y(g)} stroke="var(--color-gold-400)" strokeWidth={2} strokeDasharray="6 4" vectorEffect="non-scaling-stroke" />
          ))}
          {ordered.map((s) => {
            const tone = TONES[s.tone];
            const d = s.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.x).toFixed(1)},${y(p.y).toFixed(1)}`).join(' ');
            const last = s.points[s.points.length - 1];
            return (
              <g key={s.key}>
                {s.points.length > 1 && (
                  <path d={d} fill="none" stroke={tone.stroke} strokeWidth={tone.width} strokeLinejoin="round" strokeLinecap="round" vectorEffect="non-scaling-stroke" />
                )}
                {/* The latest point as a dot (a zero-length line with round caps stays round in a stretched box). */}
                {last && (
                  <line x1={x(last.x)} x2={x(last.x)} y1={y(last.y)} y2={y(last.y)} stroke={tone.stroke} strokeWidth={tone.width * 3} strokeLinecap="round" vectorEffect="non-scaling-stroke" />
                )}
              </g>
            );
          })}
        </svg>
        <div aria-hidden="true" className="mt-1 flex justify-between text-[10px] leading-none text-slate-500">
          <span>{xLabels[0]}</span>
          <span>{xLabels[1]}</span>
        </div>
      </div>
    </figure>
  );
}
