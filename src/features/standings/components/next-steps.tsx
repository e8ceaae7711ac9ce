// The first thing on /inicio: what the player must do next (docs/decisions/picks.md, "/inicio starts
// with what to do next"): the week's picks still missing, with the countdown and one tap to
// /picks, or "12/12 ✓"; the Boost not answered yet; the points of a round just scored.
import { useEffect, useState } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { formatCountdown } from '@/lib/countdown';
import { countOf } from '@/lib/plural';
import { GUESS, GUESSES } from '@/lib/words';
import type { RoundScore } from '../api/get-user-scores-by-month';
import type { WeekRound } from '../api/get-week-matches';
import type { Part } from '../load-player-home';

/** The Boost game as the next steps need it: open now, and whether the player answered it. */
export interface BoostStep {
  points: number;
  lockDate: string;
  answered: boolean;
}

export interface NextStepsProps {
  week: Part<WeekRound | null>;
  /** Matches of the week's round he has picked; null when it could not be read. */
  picked: number | null;
  boost: BoostStep | null;
  rounds: Part<RoundScore[]>;
}

/** A round scored this recently is news on the home. */
const POINTS_NEWS_MS = 7 * 24 * 3600_000;

function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const linkClass = 'inline-flex min-h-11 shrink-0 items-center justify-center rounded-full px-4 text-sm font-semibold';

export function NextSteps({ week, picked, boost, rounds }: NextStepsProps) {
  const now = useMinuteClock();
  const round = week.ok ? week.value : null;
  const open = round !== null && Date.parse(round.deadline) > now;
  const total = round?.matches.length ?? 0;
  const missing = open && picked !== null ? Math.max(0, total - picked) : null;
  const boostOpen = boost !== null && Date.parse(boost.lockDate) > now;
  const latest = rounds.ok ? rounds.value[0] : undefined;
  const pointsIn = latest && now - Date.parse(latest.deadline) < POINTS_NEWS_MS ? latest : undefined;
  if (!open && !boostOpen && !pointsIn) return null;
  const closesIn = round ? formatCountdown(Date.parse(round.deadline) - now) : '';
  return (
    <section aria-labelledby="next-title" className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <h2 id="next-title" className="sr-only">
        Lo que sigue
      </h2>
      <ul className="divide-y divide-slate-100">
        {open && missing !== 0 && (
          <li className="flex items-center gap-3 bg-amber-50 px-4 py-3">
            <p className="min-w-0 flex-1 text-amber-950">
              <strong className="block text-base">
                {missing === null ? 'Quiniela abierta' : missing === total ? `Te faltan tus ${total} ${GUESSES}` : `${missing === 1 ? 'Te falta' : 'Te faltan'} ${countOf(missing, GUESS, GUESSES)}`}
              </strong>
              <span className="text-sm">Cierra en {closesIn}</span>
            </p>
            <AppLink to="/picks?quiniela=current" className={`${linkClass} bg-brand-700 text-white hover:bg-brand-800`}>
              Completar
            </AppLink>
          </li>
        )}
        {open && missing === 0 && (
          <li className="flex items-center gap-3 px-4 py-3">
            <p className="min-w-0 flex-1 text-brand-900">
              <strong className="block text-base">
                {total}/{total} ✓ Tu quiniela está completa
              </strong>
              <span className="text-sm text-slate-700">Puedes cambiar tus predicciones hasta el cierre, en {closesIn}</span>
            </p>
            <AppLink to="/picks?quiniela=current" className={`${linkClass} border border-brand-700 text-brand-800`}>
              Ver
            </AppLink>
          </li>
        )}
        {boostOpen && !boost.answered && (
          <li className="flex items-center gap-3 px-4 py-3">
            <p className="min-w-0 flex-1">
              <strong className="block text-base">Boost sin responder</strong>
              <span className="text-sm text-slate-700">
                +{boost.points} pts si aciertas · cierra en {formatCountdown(Date.parse(boost.lockDate) - now)}
              </span>
            </p>
            <a href="#boost-title" className={`${linkClass} bg-amber-400 text-slate-950 hover:bg-amber-300`}>
              Responder
            </a>
          </li>
        )}
        {boostOpen && boost.answered && (
          <li className="px-4 py-3 text-sm font-semibold text-brand-900">Boost respondido ✓</li>
        )}
        {pointsIn && (
          <li className="flex items-center gap-3 px-4 py-3">
            <p className="min-w-0 flex-1">
              <strong className="block text-base">
                Ya están tus puntos: {pointsIn.points} pts
              </strong>
              <span className="text-sm text-slate-700">
                {pointsIn.roundName} · {pointsIn.correct} de {pointsIn.total} aciertos
              </span>
            </p>
            <AppLink to="/mis-quinielas" className={`${linkClass} border border-brand-700 text-brand-800`}>
              Ver detalle
            </AppLink>
          </li>
        )}
      </ul>
    </section>
  );
}
