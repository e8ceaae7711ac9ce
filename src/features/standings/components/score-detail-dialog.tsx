// The leaderboard's score-detail modal: where a player's month of points came from — each
// scored round (correct picks, points, one line per bonus) and the Boost total; above them the
// month's race (his rank through the month and points per round, in its own chunk).
import { formatPoints } from '@/lib/plural';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { useUserId } from '@/lib/session';
import { getUserDailyScoresByMonth, type DailyScore } from '../api/get-user-daily-scores-by-month';
import { getUserScoresByMonth, type RoundScore } from '../api/get-user-scores-by-month';
import { displayUsername, type LeaderboardEntry } from '../leaderboard-rows';
import { monthLabel, type GameMonth } from '../months';
import { BonusLines } from './bonus-lines';

const MonthRace = lazy(() => import('./month-race').then((m) => ({ default: m.MonthRace })));

type Detail = { status: 'loading' } | { status: 'error' } | { status: 'ready'; rounds: RoundScore[]; daily: DailyScore[] };

export function ScoreDetailDialog({ entry, month, onClose }: { entry: LeaderboardEntry | null; month: GameMonth; onClose: () => void }) {
  const [detail, setDetail] = useState<Detail>({ status: 'loading' });
  const userId = entry?.userId;
  const viewerId = useUserId();

  useEffect(() => {
    if (!userId) return;
    let active = true;
    setDetail({ status: 'loading' });
    Promise.all([getUserScoresByMonth(userId, month), getUserDailyScoresByMonth(userId, month)])
      .then(([rounds, daily]) => active && setDetail({ status: 'ready', rounds, daily }))
      .catch((error: unknown) => {
        console.error('Error loading leaderboard', error);
        if (active) setDetail({ status: 'error' });
      });
    return () => {
      active = false;
    };
  }, [userId, month]);

  return (
    <Dialog
      open={entry !== null}
      onClose={onClose}
      // The whole name, however long: the table cuts it to one line (issue 44, item 12).
      title={entry ? (entry.username?.trim() || displayUsername(entry.username)) : ''}
      subtitle={entry && `${monthLabel(month)} · ${formatPoints(entry.totalPoints)} en total`}
    >
      {detail.status === 'loading' && <DetailSkeleton />}
      {detail.status === 'error' && <p className="py-6 text-center text-sm text-slate-600">No pudimos cargar el detalle. Intenta de nuevo más tarde.</p>}
      {detail.status === 'ready' && entry && (
        <section aria-label="Carrera del mes" className="-mx-4 mb-2">
          <Suspense fallback={<div className="h-64 animate-pulse rounded-xl bg-slate-50" />}>
            <MonthRace userId={entry.userId} viewerId={viewerId} month={month} rounds={detail.rounds} subject={entry.userId === viewerId ? 'me' : 'other'} />
          </Suspense>
        </section>
      )}
      {detail.status === 'ready' && entry && <DetailBody rounds={detail.rounds} daily={detail.daily} referralPoints={entry.referralPoints} />}
    </Dialog>
  );
}

function DetailBody({ rounds, daily, referralPoints }: { rounds: RoundScore[]; daily: DailyScore[]; referralPoints: number }) {
  const dailyTotal = daily.reduce((sum, d) => sum + d.points, 0);
  const dailyWon = daily.filter((d) => d.points > 0).length;
  return (
    <div className="flex flex-col gap-4">
      <section aria-label="Quinielas">
        <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Quinielas</h3>
        {rounds.length === 0 ? (
          <p className="text-sm text-slate-600">Sin quinielas calificadas este mes.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {rounds.map((round) => (
              <li key={round.roundId} className="rounded-xl bg-slate-50 px-3 py-2.5 ring-1 ring-slate-100">
                <div className="flex items-baseline justify-between gap-3">
                  <p className="min-w-0 font-semibold leading-snug">{round.roundName}</p>
                  <p className="shrink-0 font-bold text-brand-800 tabular-nums">{formatPoints(round.points)}</p>
                </div>
                <p className="text-sm text-slate-600">
                  {round.correct}/{round.total} aciertos
                </p>
                <BonusLines lines={round.bonusDetails} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Boost" className="flex items-center justify-between rounded-xl bg-amber-50 px-3 py-2.5 ring-1 ring-amber-100">
        <div>
          <h3 className="font-semibold">⚡ Boost diario</h3>
          <p className="text-sm text-slate-600">
            {dailyWon} {dailyWon === 1 ? 'juego acertado' : 'juegos acertados'}
          </p>
        </div>
        <p className="font-bold text-amber-800 tabular-nums">{formatPoints(dailyTotal)}</p>
      </section>
      {/* Referral points are bonuses of the rounds above (their "Referido" lines), already in
          their points: a summary, not a further sum. */}
      {referralPoints > 0 && (
        <p className="flex items-center justify-between rounded-xl bg-brand-50 px-3 py-2.5 text-sm ring-1 ring-brand-100">
          <span>🎯 De sus puntos, por referir amigos</span>
          <span className="font-bold text-brand-800 tabular-nums">{formatPoints(referralPoints)}</span>
        </p>
      )}
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-2">
      <span className="sr-only">Cargando detalle…</span>
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="h-16 animate-pulse rounded-xl bg-slate-100" />
      ))}
    </div>
  );
}
