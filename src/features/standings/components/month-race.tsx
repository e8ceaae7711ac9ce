// The month's race (issue 33): a player's rank through the month as a line, "Subiste 12
// lugares esta semana" beside it, his points per round as bars, and — for the signed-in
// player on his own month — the top 3 and his friends' lines on a tap. Loaded in its own chunk
// after the page's first frame (month-race-card.tsx); reads through the read cache, so the
// chart is there offline like the rest of the screen.
import { useEffect, useState } from 'react';
import { BarChart } from '@/components/charts/bar-chart';
import { LineChart, type LineSeries } from '@/components/charts/line-chart';
import { cachedRead, MAX_AGE } from '@/lib/cached-read';
import { formatShortDay, MONTHS } from '@/lib/time';
import { getRankHistory, getRankHistoryCompare, type CompareLine } from '../api/get-rank-history';
import type { RoundScore } from '../api/get-user-scores-by-month';
import { displayUsername } from '../leaderboard-rows';
import { compareMonths, gameMonthOf, monthKey, type GameMonth } from '../months';
import { raceLabel, raceSentence, roundPointsLabel, type RacePoint } from '../race';
import { rankText } from '@/lib/words';

type Load<T> = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; value: T };

export interface MonthRaceProps {
  /** Whose line. */
  userId: string;
  /** The signed-in player (his read cache), null for a visitor. */
  viewerId: string | null;
  month: GameMonth;
  rounds: RoundScore[];
  subject: 'me' | 'other';
}

const dayOf = (day: string) => Number(day.slice(8, 10));

export function MonthRace({ userId, viewerId, month, rounds, subject }: MonthRaceProps) {
  const [race, setRace] = useState<Load<RacePoint[]>>({ kind: 'loading' });
  const [compare, setCompare] = useState<Load<CompareLine[]> | null>(null);
  const key = monthKey(month);

  useEffect(() => {
    let current = true;
    setRace({ kind: 'loading' });
    cachedRead(`standings:race:${userId}:${key}`, viewerId, () => getRankHistory(userId, month), MAX_AGE.history).then(
      (read) => current && setRace({ kind: 'ready', value: read.data }),
      () => current && setRace({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
    // month is keyed by `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, viewerId, key]);

  function toggleCompare() {
    if (compare) return setCompare(null);
    setCompare({ kind: 'loading' });
    cachedRead(`standings:race-compare:${key}`, viewerId, () => getRankHistoryCompare(month), MAX_AGE.history).then(
      (read) => setCompare({ kind: 'ready', value: read.data }),
      () => setCompare({ kind: 'failed' }),
    );
  }

  const monthName = MONTHS[month.month - 1];
  const lastDay = new Date(Date.UTC(month.year, month.month, 0)).getUTCDate();
  const points = race.kind === 'ready' ? race.value : [];
  const others = compare?.kind === 'ready' ? compare.value : [];
  const series: LineSeries[] = [
    ...others.map((o) => ({ key: o.userId, tone: o.line === 'top' ? ('gold' as const) : ('muted' as const), points: o.points.map((p) => ({ x: dayOf(p.day), y: p.rank })) })),
    { key: 'me', tone: 'main', points: points.map((p) => ({ x: dayOf(p.day), y: p.rank })) },
  ];
  const worst = Math.max(2, ...series.flatMap((s) => s.points.map((p) => p.y)));
  const comparedWith = others.length > 0
    ? ` Comparado con: ${others.map((o) => `${displayUsername(o.username)}, ${rankText(o.points[o.points.length - 1].rank)}`).join('; ')}.`
    : '';
  // A month before this one (Mexico City) is over: its line ends on his final place.
  const ended = compareMonths(month, gameMonthOf()) < 0;
  const sentence = raceSentence(points, monthName, subject, ended);
  const chronological = [...rounds].sort((a, b) => a.deadline.localeCompare(b.deadline));

  return (
    <div className="flex flex-col gap-3 px-4 py-3">
      <div className="min-h-5 text-sm">
        {race.kind === 'failed' ? (
          <p className="text-slate-600">No pudimos cargar tu carrera del mes. Revisa tu conexión.</p>
        ) : race.kind === 'loading' ? null : points.length === 0 ? (
          <p className="text-slate-600">{sentence}</p>
        ) : points.length === 1 && !ended ? (
          <p className="text-slate-700">{sentence}</p>
        ) : (
          <p className="font-bold text-brand-800">{sentence}</p>
        )}
      </div>
      {race.kind === 'loading' ? (
        <div className="h-[164px] animate-pulse rounded-lg bg-slate-100" />
      ) : (
        <LineChart
          series={series}
          xMin={1}
          xMax={lastDay}
          yMin={1}
          yMax={worst}
          invert
          label={raceLabel(points, monthName, subject) + comparedWith}
          xLabels={[`1 ${monthName.slice(0, 3)}`, `${lastDay} ${monthName.slice(0, 3)}`]}
          yLabels={[rankText(1), rankText(worst)]}
        />
      )}
      {subject === 'me' && viewerId && (
        <div className="flex min-h-9 flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          <button
            type="button"
            aria-pressed={compare !== null}
            onClick={toggleCompare}
            className="rounded-full px-3 py-2 font-semibold text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50"
          >
            {compare ? 'Ocultar comparación' : 'Comparar con los 3 mejores y tus amigos'}
          </button>
          {compare?.kind === 'failed' && <span className="text-slate-600">No pudimos cargar la comparación.</span>}
          {compare?.kind === 'ready' && others.length === 0 && <span className="text-slate-600">Aún no hay líneas para comparar.</span>}
          {others.length > 0 && (
            <ul aria-hidden="true" className="flex flex-wrap gap-x-3 gap-y-1 text-slate-600">
              <li className="flex items-center gap-1"><span className="inline-block h-1 w-4 rounded bg-brand-700" />Tú</li>
              {others.map((o) => (
                <li key={o.userId} className="flex items-center gap-1">
                  <span className={`inline-block h-1 w-4 rounded ${o.line === 'top' ? 'bg-gold-400' : 'bg-slate-400'}`} />
                  {displayUsername(o.username)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {chronological.length > 0 && (
        <div>
          <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Puntos por quiniela</h3>
          <BarChart
            // Named by their day, what tells one round from the next at 390 px: every name starts
            // "Quiniela del …" and was cut there (issue 44). The whole name is the bar's tooltip and
            // in the chart's label.
            bars={chronological.map((r) => ({ key: r.roundId, name: formatShortDay(r.deadline), title: r.roundName, value: r.points }))}
            label={roundPointsLabel(chronological.map((r) => ({ name: r.roundName, points: r.points })))}
          />
        </div>
      )}
    </div>
  );
}
