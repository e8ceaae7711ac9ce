// A liga's page while a round its members played is on (docs/match-day.md): the round live (the
// same card as /inicio: scores, his picks, "Si terminara así", his place) and, on the same scores,
// the liga's month table as it would stand, with arrows for the places each member would move.
// Provisional, and said so: nothing here is a score until the round is finalized.
import { FEED_PAUSED, LiveRoundCard } from '@/features/picks';
import { displayUsername, type LeaderboardEntry, type RankChange } from '@/features/standings';
import type { LeagueLive as LeagueLiveData } from '../load-league-live';
import { provisionalTable, type ProvisionalRow } from '../live-table';

export interface LeagueLiveProps {
  live: LeagueLiveData;
  /** The members with their points of the round's month; null: the page shows another month. */
  entries: readonly LeaderboardEntry[] | null;
  /** "noviembre". */
  monthName: string;
  userId: string;
}

export function LeagueLive({ live, entries, monthName, userId }: LeagueLiveProps) {
  return (
    <LiveRoundCard round={live.round} myPicks={live.picks[userId] ?? {}}>
      {(scores, matches) =>
        entries && (
          <ProvisionalTable rows={provisionalTable(entries, live.picks, { ...live.round, matches }, scores.byMatch)} userId={userId} monthName={monthName} roundName={live.round.name} paused={scores.paused} />
        )
      }
    </LiveRoundCard>
  );
}

function Move({ move }: { move: RankChange | null }) {
  // No place now or as it would stand: no arrow (as the liga's table).
  if (move === null || move.kind === 'new') return null;
  if (move.kind === 'up')
    return (
      <span className="font-bold text-brand-700" aria-label={`sube ${move.by}`}>
        ▲{move.by}
      </span>
    );
  if (move.kind === 'down')
    return (
      <span className="font-bold text-red-700" aria-label={`baja ${move.by}`}>
        ▼{move.by}
      </span>
    );
  return (
    <span className="text-slate-400" aria-label="igual">
      =
    </span>
  );
}

function ProvisionalTable({ rows, userId, monthName, roundName, paused }: { rows: ProvisionalRow[]; userId: string; monthName: string; roundName: string; paused: boolean }) {
  return (
    <div className="border-t border-slate-200">
      <div className="px-4 pt-3">
        <h3 className="text-sm font-bold">
          Tabla de {monthName} si terminara así <span className="rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-bold uppercase text-amber-900">Provisional</span>
        </h3>
        <p className="text-xs text-slate-600">Los puntos de {roundName} aún no cuentan: así quedaría la liga si los partidos terminaran ahora.</p>
        {/* Built on the last known score while the feed is paused: said with the chip's own words. */}
        {paused && <p className="text-xs font-semibold text-amber-800">{FEED_PAUSED.chip}: con el último marcador conocido.</p>}
      </div>
      <table className="mt-2 w-full border-collapse text-sm">
        <caption className="sr-only">
          Tabla provisional de la liga en {monthName} si {roundName} terminara así
        </caption>
        <thead className="bg-slate-50 text-[11px] font-semibold uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="w-10 py-2 pl-4 text-left">
              Pos.
            </th>
            <th scope="col" className="w-10 py-2 text-left">
              <span className="sr-only">Movimiento</span>
            </th>
            <th scope="col" className="py-2 pl-1 text-left">
              Jugador
            </th>
            <th scope="col" className="w-16 py-2 pr-2 text-right">
              Jornada
            </th>
            <th scope="col" className="w-14 py-2 pr-4 text-right">
              Pts
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.userId} data-testid="provisional-row" className={r.userId === userId ? 'bg-brand-50 font-semibold' : 'bg-white'}>
              <td className="py-2.5 pl-4 text-xs font-bold tabular-nums">
                {r.rank === null ? (
                  <span className="font-normal text-slate-400">
                    <span aria-hidden="true">–</span>
                    <span className="sr-only">Sin posición</span>
                  </span>
                ) : (
                  r.rank
                )}
              </td>
              <td className="py-2.5 text-xs tabular-nums">
                <Move move={r.move} />
              </td>
              <td className="max-w-0 truncate py-2.5 pl-1">{displayUsername(r.username)}</td>
              <td className="py-2.5 pr-2 text-right tabular-nums text-slate-600">+{r.roundPoints}</td>
              <td className="py-2.5 pr-4 text-right font-bold tabular-nums text-brand-800">{r.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
