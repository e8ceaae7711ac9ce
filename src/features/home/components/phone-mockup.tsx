// The home page's phone: this week's round as the app shows it, read-only, up to 8 matches, each
// with one choice lit at random (a taste of picking, not a tip). Loads on its own; its frame
// keeps its size while it does, so nothing below jumps.
import { useEffect, useState } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { getOpenRound, type OpenRound } from '@/lib/game/open-round';
import { BRAND } from '@/lib/brand';
import { teamName } from '@/lib/game/rounds';

const MAX_MATCHES = 8;
const SIDES = ['L', 'E', 'V'] as const;
const SIDE_NAMES = { L: 'Local', E: 'Empate', V: 'Visita' } as const;

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; round: OpenRound | null; lit: Array<(typeof SIDES)[number]> };

export function PhoneMockup() {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    getOpenRound().then(
      (round) => current && setLoad({ kind: 'ready', round, lit: (round?.matches ?? []).map(() => SIDES[Math.floor(Math.random() * SIDES.length)]) }),
      () => current && setLoad({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const round = load.kind === 'ready' ? load.round : null;
  const lit = load.kind === 'ready' ? load.lit : [];

  return (
    <figure aria-label="Así se ve la quiniela de la semana" className="mx-auto w-full max-w-[18rem] rounded-[2.2rem] bg-slate-900 p-2.5 shadow-xl">
      {/* Its own text colour: the hero around it sets white text for the dark background. */}
      <div className="flex h-[27rem] flex-col overflow-hidden rounded-[1.7rem] bg-white text-slate-900">
        <div className="bg-brand-800 px-4 pt-5 pb-3 text-white">
          <p className="text-[11px] font-semibold uppercase tracking-wide text-brand-100">Quiniela de la semana</p>
          <p className="truncate text-sm font-bold">{round ? round.name : load.kind === 'loading' ? '\u00a0' : BRAND.name}</p>
        </div>
        {load.kind === 'loading' && (
          <div role="status" aria-label="Cargando la quiniela" className="flex flex-1 flex-col gap-2 p-3">
            {Array.from({ length: 6 }, (_, i) => (
              <span key={i} className="h-9 animate-pulse rounded-lg bg-slate-100" />
            ))}
          </div>
        )}
        {load.kind === 'failed' && (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 px-4 text-center text-xs text-slate-600">
            <p>No pudimos cargar la quiniela.</p>
            <button
              type="button"
              onClick={() => {
                setLoad({ kind: 'loading' });
                setAttempt((n) => n + 1);
              }}
              className="min-h-9 rounded-full bg-brand-700 px-4 font-semibold text-white"
            >
              Reintentar
            </button>
          </div>
        )}
        {load.kind === 'ready' && !round && (
          <p className="flex flex-1 items-center px-4 text-center text-xs text-slate-600">No hay partidos disponibles. La próxima quiniela se publica pronto.</p>
        )}
        {round && (
          <ol aria-label="Partidos" className="flex-1 divide-y divide-slate-100 overflow-hidden">
            {round.matches.slice(0, MAX_MATCHES).map((match, i) => {
              const home = teamName(match.homeClub, match.homeTeam);
              const away = teamName(match.awayClub, match.awayTeam);
              return (
                <li key={match.id} aria-label={`${home} contra ${away}`} className="flex items-center gap-2 px-3 py-1.5 text-[11px]">
                  <span className="min-w-0 flex-1 truncate font-semibold">
                    {home} <span className="text-slate-500">vs</span> {away}
                  </span>
                  <span className="sr-only">Ejemplo: {SIDE_NAMES[lit[i]]}</span>
                  <span className="flex gap-1" aria-hidden="true">
                    {SIDES.map((side) => (
                      <span
                        key={side}
                        className={`grid size-6 place-items-center rounded-md text-[10px] font-bold ${side === lit[i] ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700'}`}
                      >
                        {side}
                      </span>
                    ))}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <figcaption className="mt-2 text-center">
        <AppLink to={`/${BRAND.slug}-de-la-semana`} className="text-sm font-semibold text-white underline underline-offset-2">
          Ver la quiniela completa
        </AppLink>
      </figcaption>
    </figure>
  );
}
