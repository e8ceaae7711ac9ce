// After the deadline: the members' picks side by side (members × matches) with each match's
// result, and the liga's winner of the round once it is scored. The grid scrolls sideways on a
// phone with the names kept in view.
import { isVoid, teamName, type RoundWithMatches } from '@/lib/game/rounds';
import type { LeaguePicks } from '../api/get-league-round-picks';
import type { RoundStanding } from '../api/get-league-round-standings';
import { roundWinnersText } from '../league-rules';
import { pickLetter, pickVerdict, resultLetter } from '../round-grid';

/** The round's winners within the liga (rank 1; ties share it), once anybody scored. */
function roundWinners(standings: readonly RoundStanding[]): RoundStanding[] {
  return standings.some((s) => s.points > 0) ? standings.filter((s) => s.rank === 1) : [];
}

export function RoundPicksGrid({ round, picks, standings, userId }: { round: RoundWithMatches; picks: LeaguePicks; standings: RoundStanding[]; userId: string }) {
  const winners = round.resultsSaved ? roundWinners(standings) : [];
  // Those who made picks in the round: a member without any (who joined after it) has no row of
  // "Sin predicción" here, nor a place (issue 44; the round's table lists him apart).
  const played = standings.filter((s) => s.rank !== null);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm font-semibold text-slate-800">
        {winners.length > 0 ? `🏆 ${roundWinnersText(winners)}` : 'El ganador de la quiniela en la liga sale cuando se califiquen los resultados.'}
      </p>
      {/* On a phone five matches fit beside the names: the rest is a swipe away, said so (issue 44, item 11). */}
      {round.matches.length > 4 && <p className="text-xs text-slate-600 sm:hidden">Desliza la tabla → para ver los {round.matches.length} partidos.</p>}
      <div className="overflow-x-auto rounded-xl ring-1 ring-slate-200">
        <table className="min-w-full border-collapse text-center text-xs">
          <caption className="sr-only">Predicciones de la liga en {round.name}</caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="sticky left-0 bg-slate-50 px-2 py-2 text-left">
                Jugador
              </th>
              {round.matches.map((m) => (
                <th key={m.id} scope="col" className="min-w-11 px-1 py-2 font-semibold" title={`${m.homeTeam} vs ${m.awayTeam}`}>
                  <span className="block">{abbreviate(teamName(m.homeClub, m.homeTeam))}</span>
                  <span className="block text-[10px] text-slate-400">vs</span>
                  <span className="block">{abbreviate(teamName(m.awayClub, m.awayTeam))}</span>
                </th>
              ))}
              <th scope="col" className="px-2 py-2">
                Pts
              </th>
            </tr>
            <tr className="bg-white">
              <th scope="row" className="sticky left-0 bg-white px-2 py-1.5 text-left font-semibold text-slate-700">
                Resultado
              </th>
              {round.matches.map((m) => (
                <td key={m.id} className="px-1 py-1.5 font-bold text-slate-900" title={isVoid(m) ? 'Partido anulado: cuenta como acierto para quien lo pronosticó' : undefined}>
                  {resultLetter(m)}
                </td>
              ))}
              <td />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {played.map((member) => {
              const own = member.userId === userId;
              const memberPicks = picks[member.userId] ?? {};
              return (
                <tr key={member.userId} className={own ? 'bg-brand-50 font-semibold' : 'bg-white'}>
                  <th scope="row" className={`sticky left-0 max-w-28 truncate px-2 py-2 text-left font-semibold ${own ? 'bg-brand-50' : 'bg-white'}`}>
                    {member.username}
                  </th>
                  {round.matches.map((m) => {
                    const pick = memberPicks[m.id];
                    const hit = pickVerdict(pick, m);
                    return (
                      <td key={m.id} className={`px-1 py-2 ${hit === true ? 'bg-green-100 text-green-900' : hit === false ? 'text-slate-400 line-through' : ''}`}>
                        {/* A name on a plain span is not read out: the words themselves, hidden from the eye. */}
                        {pickLetter(pick) ?? (
                          <>
                            <span aria-hidden="true">·</span>
                            <span className="sr-only">Sin predicción</span>
                          </>
                        )}
                      </td>
                    );
                  })}
                  <td className="px-2 py-2 font-bold tabular-nums">{round.resultsSaved ? member.points : '–'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-slate-500">
        L: gana local, E: empate, V: gana visita, ·: sin predicción. En verde, los aciertos.
        {round.matches.some(isVoid) && ' A: partido anulado, cuenta como acierto para quien lo pronosticó.'}
      </p>
    </div>
  );
}

function abbreviate(name: string): string {
  return name.length <= 4 ? name : name.slice(0, 3).toUpperCase();
}
