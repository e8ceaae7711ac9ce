// The player's ligas as a list of links: his place in each this month (last month's final
// place, said so, while nobody in the liga has points this month) and how many members
// still have to pick the open round. Used by /ligas and by the "Mis ligas" card.
import { Link } from '@tanstack/react-router';
import { monthWord, parseMonthKey } from '@/features/standings';
import type { MyLeague } from '../api/get-my-leagues';
import { rankText } from '@/lib/words';

/**
 * "Vas 3.º de 9", or in a month's first days, while nobody in the liga has points, "Quedaste 3.º
 * de 9 en noviembre". Without points in that month he has no place (the liga's table shows "–"),
 * and it says so: "Aún sin puntos este mes" (issue 44).
 */
function placeText(league: MyLeague): string {
  const final = parseMonthKey(league.rankMonth);
  if (league.myRank === null) return final ? `Sin puntos en ${monthWord(final)}` : 'Aún sin puntos este mes';
  return final ? `Quedaste ${rankText(league.myRank)} de ${league.memberCount} en ${monthWord(final)}` : `Vas ${rankText(league.myRank)} de ${league.memberCount}`;
}

function missingText(count: number): string {
  if (count === 0) return 'Todos ya jugaron';
  return count === 1 ? 'Falta 1 por jugar' : `Faltan ${count} por jugar`;
}

export function MyLeaguesList({ leagues }: { leagues: MyLeague[] }) {
  return (
    <ul aria-label="Mis ligas" className="divide-y divide-slate-100">
      {leagues.map((league) => (
        <li key={league.id}>
          <Link
            to="/ligas/$leagueId"
            params={{ leagueId: league.id }}
            className="flex min-h-14 items-center gap-3 px-4 py-2.5 hover:bg-brand-50/70 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-sm font-bold tabular-nums text-brand-800" aria-hidden="true">
              {league.myRank === null ? '–' : rankText(league.myRank)}
            </span>
            <span className="min-w-0 flex-1">
              {/* The name is cut, "(tuya)" never: it went with the end of a 40-character name. */}
              <span className="flex min-w-0 items-baseline gap-1.5">
                <span className="truncate font-semibold text-slate-900">{league.name}</span>
                {league.isOwner && <span className="shrink-0 text-xs font-normal text-slate-500">(tuya)</span>}
              </span>
              <span className="block text-xs text-slate-600">
                {placeText(league)} · {missingText(league.missingCount)}
              </span>
            </span>
            <span aria-hidden="true" className="text-slate-400">
              ›
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
