// The pieces of a round shown live (docs/match-day.md), one source for every screen that shows it:
// the picks screen and the weekly page (picks-board, match-card), /inicio (live-round-card) and a
// liga's page (features/leagues, through features/picks/index.ts). Provisional is always said.
import type { MatchSide } from '@/lib/game/rounds';
import { FEED_PAUSED, liveLabelWhile, placeWords, type LiveScore, type RoundPlace } from '../model/live';

/**
 * "1 – 0 · 67'": the score as it stands and the minute or the status in words; while the feed is
 * paused, the last known score with "En pausa" instead of a minute that no longer moves.
 */
export function LiveScoreLine({ live, paused = false, className = '' }: { live: LiveScore; paused?: boolean; className?: string }) {
  const label = liveLabelWhile(live, paused);
  const stale = label === FEED_PAUSED.chip;
  return (
    <p data-testid="live-score" data-paused={stale || undefined} className={`flex items-center justify-center gap-2 text-sm font-bold text-slate-900 ${className}`}>
      {live.home !== null && live.away !== null && (
        <span className={`whitespace-nowrap tabular-nums ${stale ? 'text-slate-500' : ''}`} title={stale ? 'Último marcador conocido' : undefined}>
          {live.home} – {live.away}
        </span>
      )}
      <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${stale ? 'bg-amber-100 text-amber-900' : 'bg-red-50 text-red-800'}`}>{label}</span>
    </p>
  );
}

/** His pick against the result as it stands: "Vas acertando (provisional)". */
export function LiveVerdict({ standing, pick }: { standing: MatchSide; pick: MatchSide }) {
  return (
    <p className={`text-xs font-bold ${standing === pick ? 'text-brand-800' : 'text-red-800'}`}>
      {standing === pick ? 'Vas acertando' : 'Vas fallando'} (provisional)
    </p>
  );
}

export interface IfItEndedProps {
  /** Null for a visitor (no picks) or before any match has a result as it stands. */
  ifEnded: { correct: number; points: number; counted: number; place: RoundPlace | null } | null;
  paused: boolean;
}

/**
 * "Si terminara así: 45 pts (provisional · 5 de 7 acertados hasta ahora)", his place in the round
 * when the histogram matches the scores shown, and "Marcador en pausa" while the provider fails.
 */
export function IfItEnded({ ifEnded, paused }: IfItEndedProps) {
  const shown = ifEnded !== null && ifEnded.counted > 0;
  if (!shown && !paused) return null;
  return (
    <div aria-label="En vivo" className="bg-brand-50 px-4 py-2 text-sm text-brand-900">
      {shown && (
        <p role="status" className="font-bold">
          Si terminara así: {ifEnded.points} pts{' '}
          <span className="text-xs font-normal">
            (provisional · {ifEnded.correct} de {ifEnded.counted} acertados hasta ahora)
          </span>
        </p>
      )}
      {shown && ifEnded.place && (
        <p data-testid="live-place" className="text-xs font-semibold">
          {placeWords(ifEnded.place)} (provisional)
        </p>
      )}
      {paused && (
        <p data-testid="feed-paused" className="font-semibold text-amber-800">
          {FEED_PAUSED.notice}
        </p>
      )}
    </div>
  );
}
