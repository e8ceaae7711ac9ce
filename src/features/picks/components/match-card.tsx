// One match on the picks screens: both clubs, the special-pick and underdog markers, three big
// Local / Empate / Visita buttons, and after the deadline the vote shares and whether the
// player's pick was right.
import { lazy, Suspense } from 'react';
import { MatchTeams } from '@/components/ui/match-teams';
import type { PickResult } from '@/lib/db';
import { isVoid, MATCH_BONUS_ICONS, MATCH_SIDES, pickCounts, teamName } from '@/lib/game/rounds';
import { formatKickoff } from '@/lib/time';
import { splitPercents } from '@/lib/game/vote-split';
import type { DetailMatch, VoteCounts } from '../api/get-round-detail';
import type { ShownPick } from '../model/merge-picks';
import { PickStatus } from './pick-status';
import { resultAsItStands, type LiveScore } from '../model/live';
import { voidLine } from '../model/void-words';
import { LiveScoreLine, LiveVerdict } from './live-parts';

// The round's split as one bar (issue 33), in its own chunk: only closed rounds draw it.
const SplitBar = lazy(() => import('@/components/charts/split-bar').then((m) => ({ default: m.SplitBar })));

export interface MatchCardProps {
  match: DetailMatch;
  pick: ShownPick | undefined;
  /** Taps change the pick. */
  interactive: boolean;
  /** The round is closed: show shares and the verdict. */
  closed: boolean;
  /** The round is closed: the votes per side (the buttons and the bar show one rounding of them). */
  votes: VoteCounts | undefined;
  /** The score as it happens (closed rounds that follow the football feed). */
  live?: LiveScore;
  /** The feed is paused: the score shown is the last known one. */
  livePaused?: boolean;
  onPick: (match: DetailMatch, result: PickResult, eventTime: number) => void;
  /** The id of the line that says why the buttons cannot be tapped (closed, signed out). */
  lockedReasonId?: string;
}

/** How a button looks: to pick, picked, locked, and on a closed round right or wrong. */
type Look = 'open' | 'chosen' | 'locked' | 'locked-chosen' | 'right-pick' | 'wrong-pick' | 'result';

// Closed rounds read like every sports app: the player's wrong pick red, the real result green,
// a right pick green with a check (docs/decisions/picks.md, "The closed round in colours"). A button
// that cannot be tapped looks it (grey, no border to press), and the screen says why.
const LOOKS: Record<Look, { button: string; small: string }> = {
  open: { button: 'border-slate-300 bg-white text-slate-800 hover:border-brand-600', small: 'text-slate-600' },
  chosen: { button: 'border-brand-700 bg-brand-700 text-white', small: 'text-brand-50' },
  locked: { button: 'cursor-not-allowed border-transparent bg-slate-100 text-slate-600', small: 'text-slate-600' },
  'locked-chosen': { button: 'cursor-not-allowed border-slate-700 bg-slate-700 text-white', small: 'text-slate-100' },
  'right-pick': { button: 'cursor-not-allowed border-brand-700 bg-brand-700 text-white', small: 'text-brand-50' },
  'wrong-pick': { button: 'cursor-not-allowed border-red-700 bg-red-700 text-white', small: 'text-red-50' },
  result: { button: 'cursor-not-allowed border-brand-600 bg-brand-50 text-brand-900', small: 'text-brand-900' },
};

export function MatchCard({ match, pick, interactive, closed, votes, live, livePaused = false, onPick, lockedReasonId }: MatchCardProps) {
  const home = teamName(match.homeClub, match.homeTeam);
  const away = teamName(match.awayClub, match.awayTeam);
  // A pick refused at the close does not count: the one the server kept does.
  const counted = pick ? (pick.state === 'rejected' ? (pick.counted ?? null) : pick.result) : null;
  // A void match (no result) counts as right for whoever picked it (pickCounts).
  const voided = isVoid(match);
  const verdict = closed && counted && (match.correctResult || voided) ? (pickCounts(counted, match) ? 'correct' : 'incorrect') : null;
  const lookOf = (side: PickResult): Look => {
    const chosen = counted === side;
    if (!closed) return interactive ? (chosen ? 'chosen' : 'open') : chosen ? 'chosen' : 'locked';
    if (voided) return chosen ? 'right-pick' : 'locked';
    if (match.correctResult === null) return chosen ? 'locked-chosen' : 'locked';
    if (chosen) return side === match.correctResult ? 'right-pick' : 'wrong-pick';
    return side === match.correctResult ? 'result' : 'locked';
  };
  const percents = votes ? splitPercents(votes) : undefined;
  // Provisional: the pick against the result as it stands now (never stored; the round is scored when finalized).
  const standing = closed && live && !match.correctResult && !voided ? resultAsItStands(match, live) : null;
  // Postponed, suspended, cancelled, abandoned: until when it may still be played, or that it is void.
  const stoppedWords = closed ? voidLine(match, live) : null;
  return (
    // The list item stays a list item (a role on the <li> would empty the list for screen
    // readers); the group inside names the match for its three buttons. A phone shows the first
    // three: the others are laid out when the reader nears them (an open round's card is 169 px).
    <li className="below-fold-[169px]">
      <div role="group" aria-label={`${home} contra ${away}`} className="flex flex-col gap-2 px-3 py-3">
      <MatchTeams match={match} />
      <div className="flex flex-wrap items-center justify-center gap-2 text-xs text-slate-600">
        {match.kickoffAt && <span>{formatKickoff(match.kickoffAt)}</span>}
        {match.specialBonusPoints > 0 && (
          <span title="Partido especial: puntos extra si aciertas" className="rounded-full bg-gold-400/30 px-2 py-0.5 font-bold text-amber-800">
            {MATCH_BONUS_ICONS.special} Partido especial +{match.specialBonusPoints}
          </span>
        )}
      </div>
      {closed && live && <LiveScoreLine live={live} paused={livePaused} />}
      {stoppedWords && (
        <p data-testid="void-line" className="rounded-lg bg-amber-50 px-3 py-2 text-center text-xs font-semibold text-amber-900">
          {stoppedWords}
        </p>
      )}
      <div className="grid grid-cols-3 gap-2">
        {MATCH_SIDES.map((side) => {
          const look = lookOf(side);
          const underdog = match.underdogBonusSide === side && match.underdogBonusPoints > 0;
          const { button, small } = LOOKS[look];
          return (
            <button
              key={side}
              type="button"
              aria-pressed={counted === side}
              disabled={!interactive}
              aria-describedby={interactive ? undefined : lockedReasonId}
              data-look={look}
              onClick={(event) => onPick(match, side, event.timeStamp)}
              className={`flex min-h-14 flex-col items-center justify-center rounded-xl border-2 px-1 py-2 text-sm font-bold transition ${interactive ? 'active:scale-[0.97]' : ''} ${button} disabled:opacity-100`}
            >
              <span>
                {side}
                {look === 'right-pick' && ' ✓'}
                {look === 'wrong-pick' && ' ✗'}
              </span>
              {(look === 'right-pick' || look === 'wrong-pick' || look === 'locked-chosen') && <span className={`text-[11px] font-semibold ${small}`}>Tu predicción</span>}
              {look === 'result' && <span className={`text-[11px] font-semibold ${small}`}>Resultado</span>}
              {underdog && (
                <span className={`text-[11px] font-semibold ${look === 'open' || look === 'locked' || look === 'result' ? 'text-orange-800' : small}`} title="Bono sorpresa si aciertas">
                  {MATCH_BONUS_ICONS.underdog} +{match.underdogBonusPoints}
                </span>
              )}
              {percents && <span className={`text-[11px] font-medium tabular-nums ${small}`}>{percents[side]}%</span>}
            </button>
          );
        })}
      </div>
      {closed && votes && (
        <Suspense fallback={<div className="h-7" />}>
          <SplitBar votes={votes} pick={pick?.result ?? null} result={match.correctResult} />
        </Suspense>
      )}
      <div className="flex min-h-4 items-center justify-between gap-2">
        {pick ? <PickStatus pick={pick} open={!closed} /> : <span />}
        {standing && counted && <LiveVerdict standing={standing} pick={counted} />}
        {closed && match.correctResult === null && !voided && !standing && <p className="text-xs text-slate-600">Resultado pendiente</p>}
        {verdict === 'correct' && <p className="text-xs font-bold text-brand-800">{voided ? '✓ Cuenta como acierto' : '✓ Acertaste'}</p>}
        {verdict === 'incorrect' && <p className="text-xs font-bold text-red-800">✗ Fallaste · fue {match.correctResult}</p>}
        {closed && !counted && <p className="text-xs text-slate-600">Sin predicción</p>}
      </div>
      </div>
    </li>
  );
}
