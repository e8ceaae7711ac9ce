// The Pro pool through the week (issue 33): what the ledger's payments add up to, hour by hour,
// toward the close, with the guaranteed minimum drawn as a dashed floor. Its own chunk, loaded
// after the page's first frame (pro-pool-card.tsx); reads through the read cache, so it shows
// offline like the rest of /pro.
import { useEffect, useState } from 'react';
import { LineChart } from '@/components/charts/line-chart';
import { cachedRead, MAX_AGE } from '@/lib/cached-read';
import { formatDayAndTime } from '@/lib/time';
import { getPoolHistory } from '../api/get-pool-history';
import { mxnWords, poolLabel, poolLine, type PoolPoint } from '../model/pool-history';

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; points: PoolPoint[]; until: number };

export interface ProPoolChartProps {
  roundId: number;
  deadline: string;
  minimumMxn: number;
  /** The signed-in player (his read cache), null for a visitor. */
  userId: string | null;
}

export function ProPoolChart({ roundId, deadline, minimumMxn, userId }: ProPoolChartProps) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    cachedRead(`pro:pool-history:${roundId}`, userId, () => getPoolHistory(roundId), MAX_AGE.round).then(
      // An offline copy is carried flat only to when it was saved, not to now.
      (read) => current && setLoad({ kind: 'ready', points: read.data, until: read.cachedAt ?? Date.now() }),
      () => current && setLoad({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [roundId, userId]);

  if (load.kind === 'loading') return <div role="status" aria-label="Cargando la bolsa" className="h-[12.5rem] animate-pulse bg-slate-50" />;
  if (load.kind === 'failed') return <p className="px-4 py-3 text-sm text-slate-600">No pudimos cargar cómo creció la bolsa. Revisa tu conexión.</p>;

  const close = Date.parse(deadline);
  const line = poolLine(load.points, load.until, close);
  const start = line[0]?.at ?? load.until;
  const top = Math.max(minimumMxn, ...line.map((p) => p.mxn));
  return (
    <div className="flex flex-col gap-2 px-4 py-3">
      <LineChart
        series={[{ key: 'pool', tone: 'main', points: line.map((p) => ({ x: p.at, y: p.mxn })) }]}
        guides={[minimumMxn]}
        xMin={start}
        xMax={Math.max(close, start + 1)}
        yMin={0}
        yMax={top}
        label={poolLabel(load.points, minimumMxn)}
        xLabels={[formatDayAndTime(new Date(start)), `Cierre ${formatDayAndTime(deadline)}`]}
        yLabels={[mxnWords(top), '0']}
      />
      <p className="flex items-center gap-2 text-xs text-slate-600">
        <span aria-hidden="true" className="inline-block w-5 border-t-2 border-dashed border-gold-400" />
        Mínimo garantizado: {mxnWords(minimumMxn)}
      </p>
    </div>
  );
}
