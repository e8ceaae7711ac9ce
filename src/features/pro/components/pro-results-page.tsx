// /pro/<round>/resultados: every Pro entry of the round with its picks and points (1 per
// correct pick), best first then by name; live while an admin saves results, a player buys an
// entry or (after the deadline) a Pro pick changes. A selector offers the latest 8 rounds with
// saved results. Before the deadline a player sees only his own entries (the database decides).
import { useId } from 'react';
import { isVoid, pickCounts, type MatchSide } from '@/lib/game/rounds';
import type { ProResults } from '../api/get-pro-results';
import { PRO_MESSAGES } from '../model/pro-messages';
import { useBeforeDeadline } from '@/lib/use-before-deadline';
import { ProCountdown } from './pro-countdown';
import { ProLedgerSection } from './pro-ledger';
import { rankText } from '@/lib/words';

const SHORT: Record<MatchSide, string> = { Local: 'L', Empate: 'E', Visita: 'V' };

export function ProResultsPage({ data, userId, refreshKey, onRound }: { data: ProResults; userId: string; refreshKey: number; onRound: (id: number) => void }) {
  const { round, rows, rounds } = data;
  const selectId = useId();
  const beforeDeadline = useBeforeDeadline(round.deadline);
  // Tied entries share a rank (1, 1, 3…): rows come best first.
  const ranks = rows.map((row) => rows.findIndex((other) => other.points === row.points) + 1);

  return (
    <div className="flex flex-col gap-4">
      <header className="rounded-2xl bg-slate-900 px-4 py-4 text-white shadow-sm">
        <p className="text-xs font-semibold uppercase tracking-wide text-gold-400">Resultados Pro en vivo</p>
        <h1 className="mt-1 text-xl font-bold">{round.name}</h1>
        <ProCountdown deadline={round.deadline} />
      </header>

      <label htmlFor={selectId} className="flex flex-col gap-1 text-sm font-semibold">
        Quiniela
        <select id={selectId} value={round.id} onChange={(event) => onRound(Number(event.target.value))} className="min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-base font-normal">
          {rounds.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </label>

      {beforeDeadline && <p className="text-sm text-slate-600">Antes del cierre solo ves tus entradas; las de todos aparecen al cerrar la quiniela.</p>}

      {rows.length === 0 ? (
        <p className="rounded-2xl bg-white px-6 py-8 text-center font-semibold shadow-sm ring-1 ring-slate-200">{PRO_MESSAGES.noPaidEntries}</p>
      ) : (
        <section aria-labelledby="pro-table" className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          <h2 id="pro-table" className="sr-only">
            Entradas y puntos
          </h2>
          <ol aria-label="Entradas Pro" className="divide-y divide-slate-100">
            {rows.map((row, i) => {
              const rank = ranks[i];
              return (
                <li key={row.entryId} className={`flex flex-col gap-1 px-4 py-3 ${row.userId === userId ? 'bg-brand-50' : ''}`} data-testid="pro-result-row">
                  <div className="flex items-center gap-3">
                    <span className="w-9 shrink-0 text-sm font-bold tabular-nums text-slate-500">{rankText(rank)}</span>
                    <span className="min-w-0 flex-1 truncate font-semibold">
                      {row.username || 'Anónimo'} <span className="text-xs font-normal text-slate-500">· {row.label}</span>
                    </span>
                    <span className="text-lg font-extrabold tabular-nums" aria-label={`${row.points} ${row.points === 1 ? 'punto' : 'puntos'}`}>
                      {row.points}
                    </span>
                  </div>
                  <p className="flex flex-wrap gap-1 pl-9" aria-label="Predicciones">
                    {round.matches.map((m) => {
                      const pick = row.picks[m.id];
                      // A void match counts as right for every entry that picked it (pickCounts).
                      const hit = pick && (m.correctResult || isVoid(m)) ? pickCounts(pick, m) : null;
                      return (
                        <span
                          key={m.id}
                          title={`${m.homeTeam} vs ${m.awayTeam}: ${pick ?? 'sin predicción'}`}
                          className={`grid size-6 place-items-center rounded text-[11px] font-bold ${hit === true ? 'bg-brand-700 text-white' : hit === false ? 'bg-red-100 text-red-800' : 'bg-slate-100 text-slate-700'}`}
                        >
                          {pick ? SHORT[pick] : '–'}
                        </span>
                      );
                    })}
                  </p>
                </li>
              );
            })}
          </ol>
        </section>
      )}
      <ProLedgerSection roundId={round.id} refreshKey={refreshKey} />
    </div>
  );
}
