// The signed-in home, shared by /dashboard (profile-style: stats first) and /inicio (the
// installed app's start: this week first). Other features' cards (Boost, the poll, the
// friends ranking, the referral card and the offer; Pro as it comes) arrive through `cards`.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useFreshWhenOnline } from '@/components/pwa/use-fresh-when-online';
import { AppLink } from '@/components/ui/app-link';
import { ClubCrest } from '@/components/ui/club-crest';
import { LoadingState } from '@/components/ui/loading-state';
import { SavedCopyNote } from '@/components/ui/saved-copy-note';
import { NO_COPY_TEXT } from '@/lib/cached-read';
import { multiplierLabel, rulesFor } from '@/lib/game/game-rules';
import { formatDeadlineBeside, formatKickoff, GAME_TIME_LABEL } from '@/lib/time';
import type { WeekRound } from '../api/get-week-matches';
import type { Part, PlayerHomeData } from '../load-player-home';
import { monthPhrase } from '../months';
import { Card, LoadFailed, type HomeVariant } from './home-card';
import { MatchMarkers } from './match-markers';

// Below the fold of both homes on a phone: the quick links, and the month's top 3 with the prizes.
// Their code comes after the first frame (a chunk of their own, docs/performance.md), a block of
// their height holding each place.
const lower = () => import('./home-lower');
const QuickActions = lazy(() => lower().then((m) => ({ default: m.QuickActions })));
const HomePodium = lazy(() => lower().then((m) => ({ default: m.HomePodium })));


/** Cards of other features, composed by the route (a feature never imports another's screens). */
export interface HomeCards {
  /** /inicio: a round he played being on now, first on the page (docs/match-day.md). */
  live?: ReactNode;
  /** /inicio: what the player must do next, first on the page. */
  next?: ReactNode;
  boost?: ReactNode;
  poll?: ReactNode;
  friends?: ReactNode;
  /** The player's ligas (his place in each, who still has to pick). */
  leagues?: ReactNode;
  referral?: ReactNode;
  offer?: ReactNode;
  /** The month's race (rank chart), drawn after the stats. */
  race?: ReactNode;
  /** "Tus números" (stats-card.tsx): first on /dashboard, below the fold on /inicio, so each route
   * decides whether its code comes with the page or after it. */
  stats?: ReactNode;
}

export function PlayerHome({ data, variant, cards = {} }: { data: PlayerHomeData; variant: HomeVariant; cards?: HomeCards }) {
  // Read with no signal, the figures that failed are read again when it comes back (a failure
  // with signal, the server's, waits for the next visit instead of retrying at once).
  // Shown from the phone's copy (issue 32), the home reads again when the signal is back too.
  const [failedOffline] = useState(() => !navigator.onLine && someFailed(data));
  useFreshWhenOnline(failedOffline || data.cachedAt !== null);
  const greeting = data.username ? `¡Hola, ${data.username}!` : '¡Hola!';
  const stats = cards.stats;
  const week = <WeekCard week={data.week} />;
  return (
    <div className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight [overflow-wrap:anywhere]">{greeting}</h1>
        <p className="text-sm text-slate-600">
          {variant === 'inicio' ? 'Esta es tu semana en Quinielazo.' : `Tu resumen de ${monthPhrase(data.month)}.`}
        </p>
      </header>
      {data.cachedAt !== null && <SavedCopyNote storedAt={data.cachedAt} what={variant === 'inicio' ? 'de tu inicio' : 'de tu resumen'} />}
      {data.noCopy && (
        <p role="alert" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          {NO_COPY_TEXT}
        </p>
      )}
      {variant === 'inicio' && cards.live}
      {variant === 'inicio' && cards.next}
      {variant === 'dashboard' ? stats : week}
      {variant === 'dashboard' && cards.race}
      {variant === 'dashboard' && cards.boost}
      <Suspense fallback={<div aria-hidden="true" className="h-[5.5rem]" />}>
        <QuickActions variant={variant} />
      </Suspense>
      {variant === 'inicio' && cards.boost}
      {/* Below a phone's fold on both homes: each card is laid out when the reader nears it
          (styles.css, `below-fold-*`), so the first layout is the screen's only. */}
      <div className="flex flex-col gap-5 *:below-fold-40">
        {cards.leagues}
        {variant === 'dashboard' && cards.poll}
        {variant === 'dashboard' && cards.friends}
        {variant === 'dashboard' && cards.referral}
        {variant === 'dashboard' ? week : stats}
        <Suspense fallback={<div aria-hidden="true" className="h-[36rem] rounded-2xl bg-white ring-1 ring-slate-200 sm:h-80" />}>
          <HomePodium top3={data.top3} month={data.month} prizes={data.prizes} holders={data.prizeHolders} />
        </Suspense>
        {variant === 'inicio' && cards.referral}
        {cards.offer}
      </div>
    </div>
  );
}

function someFailed(data: PlayerHomeData): boolean {
  return [data.me, data.top3, data.rounds, data.week, data.prizes, data.prizeHolders].some((part) => !part.ok);
}

function WeekCard({ week }: { week: Part<WeekRound | null> }) {
  const round = week.ok ? week.value : null;
  return (
    <Card
      title="Partidos de la semana"
      labelledBy="week-title"
      action={
        round && (
          <AppLink to="/picks?quiniela=current" className="inline-flex min-h-11 min-w-11 items-center justify-center text-sm font-semibold text-brand-700 hover:underline">
            Jugar
          </AppLink>
        )
      }
    >
      {!week.ok ? (
        <LoadFailed message="No pudimos cargar los partidos. Revisa tu conexión." />
      ) : !round ? (
        <LoadFailed message="No hay partidos disponibles" />
      ) : (
        <>
          <div className="bg-slate-50 px-4 py-2 text-xs text-slate-600">
            <p className="font-semibold text-slate-800">
              {round.name}
              {round.isLastOfMonth && <span className="ml-2 rounded-full bg-gold-400 px-2 py-0.5 text-[11px] font-bold text-slate-900">{multiplierLabel(rulesFor(round.deadline))}</span>}
            </p>
            <p>
              Cierra el <time dateTime={round.deadline}>{formatDeadlineBeside(round.name, round.deadline)}</time>
            </p>
          </div>
          <ol aria-label="Partidos de la semana" className="divide-y divide-slate-100">
            {round.matches.map((m) => (
              <li key={m.id} className="flex flex-col gap-1 px-4 py-2.5">
                <div className="flex items-center gap-2 text-sm">
                  <span className="w-4 shrink-0 text-xs font-semibold text-slate-500 tabular-nums">{m.order}</span>
                  <span className="flex min-w-0 flex-1 items-center justify-end gap-1.5 text-right">
                    <span className="truncate font-medium">{m.home}</span>
                    <ClubCrest name={m.home} logoUrl={m.homeClub?.logoUrl} size={22} />
                  </span>
                  <span className="text-[11px] font-bold text-slate-500">VS</span>
                  <span className="flex min-w-0 flex-1 items-center gap-1.5">
                    <ClubCrest name={m.away} logoUrl={m.awayClub?.logoUrl} size={22} />
                    <span className="truncate font-medium">{m.away}</span>
                  </span>
                </div>
                {m.kickoffAt && <p className="text-center text-[11px] text-slate-500">{formatKickoff(m.kickoffAt)}</p>}
                <MatchMarkers match={m} />
              </li>
            ))}
          </ol>
          <p className="border-t border-slate-100 px-4 py-2 text-center text-[11px] text-slate-500">Horarios en {GAME_TIME_LABEL}</p>
        </>
      )}
    </Card>
  );
}

/** The home's first blocks, in the variant's order. */
export function PlayerHomeSkeleton({ variant }: { variant: HomeVariant }) {
  const block = 'animate-pulse rounded-2xl bg-white ring-1 ring-slate-200';
  const stats = <div key="stats" className="h-36 animate-pulse rounded-2xl bg-brand-800/70" />;
  const actions = (
    <div key="actions" className="grid grid-cols-3 gap-2">
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className={`h-24 ${block}`} />
      ))}
    </div>
  );
  const boost = <div key="boost" className={`h-40 ${block}`} />;
  const week = (
    <div key="week" className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
      <div className="h-24 animate-pulse bg-slate-100" />
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="mx-4 my-5 h-4 animate-pulse rounded bg-slate-200" />
      ))}
    </div>
  );
  return (
    <LoadingState label="Cargando tu inicio…" className="flex flex-col gap-5">
      <div className="h-12 w-52 animate-pulse rounded-lg bg-slate-200" />
      {variant === 'inicio' ? [week, actions, boost] : [stats, boost, actions]}
      <div className={`h-64 ${block}`} />
    </LoadingState>
  );
}
