// The rounds to join, edit or view (docs/product.md#picks-selector): 'Participar' for an open round
// without picks, 'Editar' for an open round with picks, 'Ver' for a closed one; 'Abierta' /
// 'Cerrada' badges; status colour green (open), grey (results saved: the spec's red read as an
// error: docs/decisions/picks.md, "Rounds: addresses and lists"), yellow (closed, awaiting results); the last round of
// the month marked with its multiplier (×1.5 today). Names wrap instead of being cut, and the
// deadline is in its compact form, so a title fits a 390 px phone.
import { Link } from '@tanstack/react-router';
import { isRoundOpen, roundStatusColour, type RoundStatusColour, type RoundSummary } from '@/lib/game/rounds';
import { formatKickoff, GAME_TIME_LABEL } from '@/lib/time';
import { multiplierLabel, rulesFor } from '@/lib/game/game-rules';

const COLOURS: Record<RoundStatusColour, { bar: string; label: string }> = {
  green: { bar: 'border-l-green-500', label: 'Abierta para predicciones' },
  red: { bar: 'border-l-slate-400', label: 'Resultados guardados' },
  yellow: { bar: 'border-l-yellow-400', label: 'Esperando resultados' },
};

function roundAction(round: RoundSummary, played: boolean, now: number = Date.now()): 'Ver' | 'Editar' | 'Participar' {
  if (!isRoundOpen(round, now)) return 'Ver';
  return played ? 'Editar' : 'Participar';
}

/** `now`: the clock read with the rounds (the route's loader), so rendering stays pure. */
export function RoundPickerList({ rounds, played, now }: { rounds: RoundSummary[]; played: number[]; now: number }) {
  const playedSet = new Set(played);
  return (
    <section aria-labelledby="rounds-title" className="flex flex-col gap-3">
      <div>
        <h1 id="rounds-title" className="text-xl font-bold">
          Quinielas
        </h1>
        <p className="text-xs text-slate-500">Horarios en {GAME_TIME_LABEL}.</p>
      </div>
      {rounds.length === 0 && <p className="text-sm text-slate-600">No hay partidos disponibles</p>}
      <ul className="flex flex-col gap-3">
        {rounds.map((round) => {
          const open = isRoundOpen(round, now);
          const colour = COLOURS[roundStatusColour(round, now)];
          const action = roundAction(round, playedSet.has(round.id), now);
          return (
            <li
              key={round.id}
              aria-label={round.name}
              className={`flex items-center gap-3 rounded-2xl border-l-8 bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200 ${colour.bar}`}
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${open ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-700'}`}>
                    {open ? 'Abierta' : 'Cerrada'}
                  </span>
                  {round.isLastOfMonth && <span className="rounded-full bg-gold-400 px-2 py-0.5 text-xs font-bold text-slate-900">{multiplierLabel(rulesFor(round.deadline))}</span>}
                  <span className="sr-only">{colour.label}</span>
                </div>
                <p className="mt-1 font-semibold leading-snug [overflow-wrap:anywhere]">{round.name}</p>
                <p className="text-xs text-slate-500">
                  Cierre <time dateTime={round.deadline}>{formatKickoff(round.deadline)}</time>
                </p>
              </div>
              <Link
                to="/picks"
                search={{ quiniela: round.id }}
                className={`inline-flex min-h-11 shrink-0 items-center rounded-full px-4 text-sm font-semibold ${
                  action === 'Ver' ? 'border border-slate-300 text-slate-800' : 'bg-brand-700 text-white hover:bg-brand-800'
                }`}
              >
                {action}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
