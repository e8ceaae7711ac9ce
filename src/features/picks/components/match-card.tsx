// One match on the picks screens: both clubs, the special-pick and underdog markers, three big
// Local / Empate / Visita buttons, and after the deadline the vote shares and whether the
// player's pick was right.
import { lazy, Suspense } from 'react';
import { MatchTeams } from '@/components/ui/match-teams';
import type { PickResult } from '@/lib/db';
import { MATCH_BONUS_ICONS, MATCH_SIDES, teamName } from '@/lib/rounds';
import { formatKickoff } from '@/lib/time';
import type { DetailMatch, VoteShares } from '../api/get-round-detail';
import type { ShownPick } from '../model/merge-picks';
import { PickStatus } from './pick-status';

// The round's split as one bar (issue 33), in its own chunk: only closed rounds draw it.
const SplitBar = lazy(() => import('@/components/charts/split-bar').then((m) => ({ default: m.SplitBar })));

export interface MatchCardProps {
  match: DetailMatch;
  pick: ShownPick | undefined;
  /** Taps change the pick. */
  interactive: boolean;
  /** The round is closed: show shares and the verdict. */
  closed: boolean;
  votes: VoteShares | undefined;
  onPick: (match: DetailMatch, result: PickResult, eventTime: number) => void;
}

export function MatchCard({ match, pick, interactive, closed, votes, onPick }: MatchCardProps) {
  const home = teamName(match.homeClub, match.homeTeam);
  const away = teamName(match.awayClub, match.awayTeam);
  const verdict = closed && pick && match.correctResult ? (pick.result === match.correctResult ? 'correct' : 'incorrect') : null;
  return (
    // The list item stays a list item (a role on the <li> would empty the list for screen
    // readers); the group inside names the match for its three buttons.
    <li>
      <div role="group" aria-label={`${home} contra ${away}`} className="flex flex-col gap-2 px-3 py-3">
      <MatchTeams match={match} />
      <div className="flex flex-wrap items-center justify-center gap-2 text-xs text-slate-500">
        {match.kickoffAt && <span>{formatKickoff(match.kickoffAt)}</span>}
        {match.specialBonusPoints > 0 && (
          <span title="Pick especial: puntos extra si aciertas" className="rounded-full bg-gold-400/30 px-2 py-0.5 font-bold text-amber-800">
            {MATCH_BONUS_ICONS.special} Pick especial +{match.specialBonusPoints}
          </span>
        )}
      </div>
      <div className="grid grid-cols-3 gap-2">
        {MATCH_SIDES.map((side) => {
          const chosen = pick?.result === side;
          const isResult = closed && match.correctResult === side;
          const underdog = match.underdogBonusSide === side && match.underdogBonusPoints > 0;
          return (
            <button
              key={side}
              type="button"
              aria-pressed={chosen}
              disabled={!interactive}
              onClick={(event) => onPick(match, side, event.timeStamp)}
              className={`flex min-h-14 flex-col items-center justify-center rounded-xl border-2 px-1 py-2 text-sm font-bold transition active:scale-[0.97] ${
                chosen ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-200 bg-white text-slate-800'
              } ${isResult && !chosen ? 'border-brand-600' : ''} ${interactive ? 'hover:border-brand-600' : 'cursor-default'} disabled:opacity-100`}
            >
              <span>{side}</span>
              {underdog && (
                <span className={`text-[11px] font-semibold ${chosen ? 'text-brand-50' : 'text-orange-700'}`} title="Bono underdog si aciertas">
                  {MATCH_BONUS_ICONS.underdog} +{match.underdogBonusPoints}
                </span>
              )}
              {votes && <span className={`text-[11px] font-medium tabular-nums ${chosen ? 'text-brand-50' : 'text-slate-500'}`}>{votes[side]}%</span>}
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
        {pick && !closed ? <PickStatus pick={pick} /> : pick && pick.state === 'rejected' ? <PickStatus pick={pick} /> : <span />}
        {closed && match.correctResult === null && <p className="text-xs text-slate-500">Resultado pendiente</p>}
        {verdict === 'correct' && <p className="text-xs font-bold text-brand-700">✓ Acertaste</p>}
        {verdict === 'incorrect' && <p className="text-xs font-bold text-red-700">✗ Fallaste · fue {match.correctResult}</p>}
        {closed && !pick && <p className="text-xs text-slate-500">Sin pick</p>}
      </div>
      </div>
    </li>
  );
}
