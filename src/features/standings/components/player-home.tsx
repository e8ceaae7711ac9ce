// The signed-in home, shared by /dashboard (profile-style: stats first) and /inicio (the
// installed app's start: this week first). Other features' cards (Boost, the poll, the
// friends ranking, the referral card and the offer; Pro as it comes) arrive through `cards`.
import { useState, type ReactNode } from 'react';
import { useFreshWhenOnline } from '@/components/pwa/use-fresh-when-online';
import { AppLink } from '@/components/ui/app-link';
import { ClubCrest } from '@/components/ui/club-crest';
import { LoadingState } from '@/components/ui/loading-state';
import { SavedCopyNote } from '@/components/ui/saved-copy-note';
import { NO_COPY_TEXT } from '@/lib/cached-read';
import { formatMXN } from '@/lib/format';
import { countOf, formatPoints } from '@/lib/plural';
import { accuracy, multiplierLabel, rulesFor } from '@/lib/game-rules';
import { formatDeadline, formatKickoff, GAME_TIME_LABEL } from '@/lib/time';
import type { MonthlyPrize } from '../api/get-monthly-prizes';
import type { PrizeRow } from '../api/get-prize-table';
import type { WeekRound } from '../api/get-week-matches';
import { displayUsername, type LeaderboardEntry } from '../leaderboard-rows';
import type { Part, PlayerHomeData } from '../load-player-home';
import { monthKey, monthLabel } from '../months';
import { MatchMarkers } from './match-markers';

export type HomeVariant = 'dashboard' | 'inicio';

interface QuickAction {
  to: string;
  label: string;
  hint: string;
  icon: string;
}

const QUICK_ACTIONS: Record<HomeVariant, QuickAction[]> = {
  dashboard: [
    { to: '/quinielazo-de-la-semana', label: 'Quinielazo de la semana', hint: 'Haz tus picks', icon: '⚽' },
    { to: '/mis-quinielas', label: 'Mis quinielas', hint: 'Tu historial', icon: '📋' },
    { to: '/settings', label: 'Configuración', hint: 'Perfil y avisos', icon: '⚙️' },
  ],
  inicio: [
    { to: '/picks?quiniela=current', label: 'Quiniela abierta', hint: 'Haz tus picks', icon: '⚽' },
    { to: '/mis-quinielas', label: 'Resultados anteriores', hint: 'Tu historial', icon: '📋' },
    { to: '/dashboard', label: 'Mi resumen', hint: 'Puntos y posición', icon: '👤' },
  ],
};

/** Cards of other features, composed by the route (a feature never imports another's screens). */
export interface HomeCards {
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
}

export function PlayerHome({ data, variant, cards = {} }: { data: PlayerHomeData; variant: HomeVariant; cards?: HomeCards }) {
  // Read with no signal, the figures that failed are read again when it comes back (a failure
  // with signal, the server's, waits for the next visit instead of retrying at once).
  // Shown from the phone's copy (issue 32), the home reads again when the signal is back too.
  const [failedOffline] = useState(() => !navigator.onLine && someFailed(data));
  useFreshWhenOnline(failedOffline || data.cachedAt !== null);
  const greeting = data.username ? `¡Hola, ${data.username}!` : '¡Hola!';
  const stats = <StatsCard data={data} />;
  const week = <WeekCard week={data.week} />;
  return (
    <div className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight [overflow-wrap:anywhere]">{greeting}</h1>
        <p className="text-sm text-slate-600">
          {variant === 'inicio' ? 'Esta es tu semana en Quinielazo.' : `Tu resumen de ${monthLabel(data.month)}.`}
        </p>
      </header>
      {data.cachedAt !== null && <SavedCopyNote storedAt={data.cachedAt} what={variant === 'inicio' ? 'de tu inicio' : 'de tu resumen'} />}
      {data.noCopy && (
        <p role="alert" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          {NO_COPY_TEXT}
        </p>
      )}
      {variant === 'inicio' && cards.next}
      {variant === 'dashboard' ? stats : week}
      {variant === 'dashboard' && cards.race}
      {variant === 'dashboard' && cards.boost}
      <QuickActions actions={QUICK_ACTIONS[variant]} />
      {variant === 'inicio' && cards.boost}
      {cards.leagues}
      {variant === 'dashboard' && cards.poll}
      {variant === 'dashboard' && cards.friends}
      {variant === 'dashboard' && cards.referral}
      {variant === 'dashboard' ? week : stats}
      <div className="grid gap-5 sm:grid-cols-2">
        <TopThree top3={data.top3} month={data.month} />
        <PrizeList prizes={data.prizes} holders={data.prizeHolders} />
      </div>
      {variant === 'inicio' && cards.referral}
      {cards.offer}
    </div>
  );
}

function Card({ title, children, action, labelledBy }: { title: string; children: ReactNode; action?: ReactNode; labelledBy: string }) {
  return (
    <section aria-labelledby={labelledBy} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <h2 id={labelledBy} className="font-bold">
          {title}
        </h2>
        {action}
      </header>
      {children}
    </section>
  );
}

function someFailed(data: PlayerHomeData): boolean {
  return [data.me, data.top3, data.rounds, data.week, data.prizes, data.prizeHolders].some((part) => !part.ok);
}

function LoadFailed({ message }: { message: string }) {
  return <p className="px-4 py-6 text-center text-sm text-slate-600">{message}</p>;
}

function StatsCard({ data }: { data: PlayerHomeData }) {
  const me = data.me.ok ? data.me.value : null;
  const rounds = data.rounds.ok ? data.rounds.value : [];
  const correct = rounds.reduce((sum, r) => sum + r.correct, 0);
  const share = rounds.length > 0 ? accuracy(correct, rounds.length) : null;
  const stats: { label: string; value: string }[] = [
    { label: 'Puntos', value: data.me.ok ? String(me?.totalPoints ?? 0) : '–' },
    { label: 'Posición', value: me ? `#${me.rankTotal}` : '–' },
    { label: 'Aciertos', value: share === null ? '–' : `${Math.round(share * 100)}%` },
  ];
  return (
    <section aria-labelledby="stats-title" className="rounded-2xl bg-brand-800 px-4 py-4 text-white shadow-sm">
      <h2 id="stats-title" className="text-xs font-semibold uppercase tracking-wide text-brand-100">
        Tus números · {monthLabel(data.month)}
      </h2>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
        {stats.map((s) => (
          <div key={s.label} className="rounded-xl bg-white/10 px-2 py-3">
            <dt className="text-xs text-brand-100">{s.label}</dt>
            <dd className="mt-1 text-2xl font-extrabold tabular-nums">{s.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-brand-100">
        {/* A failed read is said as such, never shown as an empty month. */}
        {!data.me.ok || !data.rounds.ok
          ? 'No pudimos cargar tus números. Revisa tu conexión.'
          : rounds.length > 0
          ? `${countOf(correct, 'acierto', 'aciertos')} en ${countOf(rounds.length, 'quiniela', 'quinielas')} (de 12 por quiniela).`
          : 'Aún no tienes quinielas calificadas este mes.'}
      </p>
    </section>
  );
}

function WeekCard({ week }: { week: Part<WeekRound | null> }) {
  const round = week.ok ? week.value : null;
  return (
    <Card
      title="Partidos de la semana"
      labelledBy="week-title"
      action={
        round && (
          <AppLink to="/picks?quiniela=current" className="text-sm font-semibold text-brand-700 hover:underline">
            Hacer picks
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
              Cierra el <time dateTime={round.deadline}>{formatDeadline(round.deadline)}</time>
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

function QuickActions({ actions }: { actions: QuickAction[] }) {
  return (
    <nav aria-label="Accesos rápidos" className="grid grid-cols-3 gap-2">
      {actions.map((a) => (
        <AppLink
          key={a.to}
          to={a.to}
          className="flex flex-col items-center gap-1 rounded-2xl bg-white px-2 py-3 text-center shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-600 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <span aria-hidden="true" className="text-2xl">
            {a.icon}
          </span>
          <span className="text-xs font-semibold leading-tight text-slate-900">{a.label}</span>
          <span className="text-[11px] leading-tight text-slate-500">{a.hint}</span>
        </AppLink>
      ))}
    </nav>
  );
}

const MEDALS = ['🥇', '🥈', '🥉'];

function TopThree({ top3, month }: { top3: Part<LeaderboardEntry[]>; month: PlayerHomeData['month'] }) {
  return (
    <Card
      title={`Top 3 de ${monthLabel(month)}`}
      labelledBy="top3-title"
      action={
        <AppLink to={`/leaderboard?mes=${monthKey(month)}`} className="text-sm font-semibold text-brand-700 hover:underline">
          Ver tabla
        </AppLink>
      }
    >
      {!top3.ok ? (
        <LoadFailed message="No pudimos cargar el ranking. Revisa tu conexión." />
      ) : top3.value.length === 0 ? (
        <LoadFailed message="No hay datos del ranking este mes" />
      ) : (
        <ol className="divide-y divide-slate-100">
          {top3.value.map((e, i) => (
            <li key={e.userId} className="flex items-center gap-3 px-4 py-2.5">
              <span aria-hidden="true" className="text-xl">
                {MEDALS[i]}
              </span>
              <span className="sr-only">{e.rankTotal}.º lugar</span>
              <ClubCrest name="" logoUrl={e.clubLogoUrl} size={24} />
              <span className="min-w-0 flex-1 truncate font-semibold" title={e.username ?? undefined}>
                {displayUsername(e.username)}
              </span>
              <span className="font-bold text-brand-800 tabular-nums">{formatPoints(e.totalPoints)}</span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function PrizeList({ prizes, holders }: { prizes: Part<PrizeRow[]>; holders: Part<MonthlyPrize[]> }) {
  const rows = prizes.ok ? prizes.value : [];
  const monthly = rows.filter((p) => p.kind === 'monthly');
  const weekly = rows.find((p) => p.kind === 'weekly');
  const perfect = rows.find((p) => p.kind === 'perfect');
  const holdersByRank = new Map<number, MonthlyPrize[]>();
  for (const h of holders.ok ? holders.value : []) holdersByRank.set(h.rank, [...(holdersByRank.get(h.rank) ?? []), h]);
  return (
    <Card
      title="Premios"
      labelledBy="prizes-title"
      action={
        <AppLink to="/rules" className="text-sm font-semibold text-brand-700 hover:underline">
          Reglas
        </AppLink>
      }
    >
      {!prizes.ok || rows.length === 0 ? (
        <LoadFailed message="No pudimos cargar los premios." />
      ) : (
        <div className="flex flex-col gap-3 px-4 py-3 text-sm">
          <div>
            <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Del mes</h3>
            <ol className="mt-1 flex flex-col gap-1">
              {monthly.map((p) => {
                const names = (holdersByRank.get(p.place) ?? []).map((h) => displayUsername(h.username)).join(', ');
                return (
                  <li key={p.place} className="flex items-baseline gap-2">
                    <span className="w-8 shrink-0 font-semibold text-slate-500">{p.place}.º</span>
                    <span className="min-w-0 flex-1 truncate text-slate-600">{names || '—'}</span>
                    <span className="shrink-0 font-bold tabular-nums">{formatMXN(p.amountMxn)}</span>
                  </li>
                );
              })}
            </ol>
          </div>
          {weekly && (
            <p className="flex items-baseline justify-between gap-2 border-t border-slate-100 pt-2">
              <span>Mejor quiniela de la semana</span>
              <span className="font-bold tabular-nums">{formatMXN(weekly.amountMxn)}</span>
            </p>
          )}
          {perfect && (
            <p className="flex items-baseline justify-between gap-2 border-t border-slate-100 pt-2">
              <span>
                Quiniela perfecta (12/12)
                <span className="block text-xs text-slate-500">Se reparte entre todos los perfectos</span>
              </span>
              <span className="font-bold tabular-nums">{formatMXN(perfect.amountMxn)}</span>
            </p>
          )}
        </div>
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
