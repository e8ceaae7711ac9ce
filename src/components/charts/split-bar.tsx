// One match's vote split as a single horizontal bar (issue 33): Local / Empate / Visita side
// by side, the player's pick outlined and the result ticked. Plain HTML, no library: three
// boxes. One image to assistive technology, with the split said in words.
import { splitPercents } from '@/lib/game/vote-split';

export type SplitOption = 'Local' | 'Empate' | 'Visita';

const OPTIONS: SplitOption[] = ['Local', 'Empate', 'Visita'];
const FILLS: Record<SplitOption, string> = { Local: 'bg-brand-700', Empate: 'bg-slate-400', Visita: 'bg-sky-700' };

export function splitLabel(votes: Record<SplitOption, number>, pick: SplitOption | null, result: SplitOption | null): string {
  const total = OPTIONS.reduce((sum, o) => sum + votes[o], 0);
  if (total === 0) return 'Nadie votó este partido.';
  const pct = splitPercents(votes);
  const parts = [`Votos: ${OPTIONS.map((o) => `${o} ${pct[o]}%`).join(', ')}.`];
  if (pick) parts.push(`Tu predicción: ${pick}.`);
  if (result) parts.push(`Resultado: ${result}.`);
  return parts.join(' ');
}

export function SplitBar({ votes, pick, result }: { votes: Record<SplitOption, number>; pick: SplitOption | null; result: SplitOption | null }) {
  const pct = splitPercents(votes);
  return (
    <figure role="img" aria-label={splitLabel(votes, pick, result)} data-testid="vote-split" className="m-0">
      <div aria-hidden="true" className="flex h-3 w-full overflow-hidden rounded-full bg-slate-100">
        {OPTIONS.filter((o) => pct[o] > 0).map((o) => (
          <span key={o} className={`${FILLS[o]} h-full ${o === pick ? 'outline-2 -outline-offset-2 outline-gold-400' : ''}`} style={{ width: `${pct[o]}%` }} />
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between text-[10px] leading-tight text-slate-600 tabular-nums">
        {OPTIONS.map((o) => (
          <span key={o} className={o === pick ? 'font-bold text-slate-900' : undefined}>
            {o === result && '✓ '}
            {o} {pct[o]}%{o === pick && ' · tú'}
          </span>
        ))}
      </div>
    </figure>
  );
}
