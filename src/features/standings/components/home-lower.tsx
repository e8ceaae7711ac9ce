// What the player's homes show below the fold on a phone: the quick links, and the month's top 3
// with the prizes. A chunk of its own, loaded after the first frame (player-home.tsx).
import { AppLink } from '@/components/ui/app-link';
import { ClubCrest } from '@/components/ui/club-crest';
import { formatMXN } from '@/lib/format';
import { formatPoints } from '@/lib/plural';
import type { MonthlyPrize } from '../api/get-monthly-prizes';
import type { PrizeRow } from '../api/get-prize-table';
import { displayUsername, type LeaderboardEntry } from '../leaderboard-rows';
import type { Part, PlayerHomeData } from '../load-player-home';
import { monthKey, monthWord } from '../months';
import { Card, LoadFailed, type HomeVariant } from './home-card';
import { rankText } from '@/lib/words';

interface QuickAction {
  to: string;
  label: string;
  hint: string;
  icon: string;
}

const QUICK_ACTIONS: Record<HomeVariant, QuickAction[]> = {
  dashboard: [
    { to: '/quinielazo-de-la-semana', label: 'Quiniela de la semana', hint: 'Haz tus predicciones', icon: '⚽' },
    { to: '/mis-quinielas', label: 'Mis quinielas', hint: 'Tu historial', icon: '📋' },
    { to: '/settings', label: 'Configuración', hint: 'Perfil y avisos', icon: '⚙️' },
  ],
  inicio: [
    { to: '/picks?quiniela=current', label: 'Quiniela abierta', hint: 'Haz tus predicciones', icon: '⚽' },
    { to: '/mis-quinielas', label: 'Resultados anteriores', hint: 'Tu historial', icon: '📋' },
    { to: '/dashboard', label: 'Mi resumen', hint: 'Puntos y posición', icon: '👤' },
  ],
};

export function HomePodium({ top3, month, prizes, holders }: { top3: Part<LeaderboardEntry[]>; month: PlayerHomeData['month']; prizes: Part<PrizeRow[]>; holders: Part<MonthlyPrize[]> }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TopThree top3={top3} month={month} />
      <PrizeList prizes={prizes} holders={holders} />
    </div>
  );
}

const MEDALS = ['🥇', '🥈', '🥉'];

function TopThree({ top3, month }: { top3: Part<LeaderboardEntry[]>; month: PlayerHomeData['month'] }) {
  return (
    <Card
      title={`Los 3 mejores de ${monthWord(month)}`}
      labelledBy="top3-title"
      action={
        <AppLink to={`/leaderboard?mes=${monthKey(month)}`} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline">
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
              <span className="sr-only">{rankText(e.rankTotal ?? i + 1)} lugar</span>
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
        <AppLink to="/rules" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline">
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
                    <span className="w-8 shrink-0 font-semibold text-slate-500">{rankText(p.place)}</span>
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

export function QuickActions({ variant }: { variant: HomeVariant }) {
  const actions = QUICK_ACTIONS[variant];
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
