import { formatDeadline, GAME_TIME_LABEL } from '@/lib/time';
import type { OpenRound as OpenRoundData } from '@/lib/open-round';
import { MatchRow } from './match-row';

export function OpenRound({ round }: { round: OpenRoundData }) {
  return (
    <section aria-labelledby="open-round-title" className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="bg-brand-800 px-4 py-4 text-white">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-100">Quiniela abierta · Semana {round.week}</p>
        <h1 id="open-round-title" className="mt-1 text-xl font-bold">
          {round.name}
        </h1>
        <p className="mt-2 text-sm text-brand-50">
          Cierra el <time dateTime={round.deadline}>{formatDeadline(round.deadline)}</time>
        </p>
        {round.isLastOfMonth && (
          <p className="mt-2 inline-block rounded-full bg-gold-400 px-2 py-0.5 text-xs font-bold text-slate-900">Última del mes · puntos ×1.5</p>
        )}
      </header>
      <h2 className="sr-only">Partidos</h2>
      <ol aria-label="Partidos" className="divide-y divide-slate-100">
        {round.matches.map((match) => (
          <MatchRow key={match.id} match={match} />
        ))}
      </ol>
      <p className="border-t border-slate-100 px-4 py-3 text-center text-xs text-slate-500">Horarios en {GAME_TIME_LABEL}</p>
    </section>
  );
}
