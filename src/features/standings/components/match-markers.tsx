// The two bonus matches of a round: the special pick and the underdog.
import { MATCH_BONUS_ICONS, type MatchSide } from '@/lib/game/rounds';

interface MarkedMatch {
  specialBonusPoints: number;
  underdogBonusPoints: number;
  underdogBonusSide: MatchSide | null;
}

export function MatchMarkers({ match }: { match: MarkedMatch }) {
  if (match.specialBonusPoints <= 0 && match.underdogBonusPoints <= 0) return null;
  return (
    <div className="flex flex-wrap gap-1.5 pl-6">
      {match.specialBonusPoints > 0 && (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-semibold text-amber-900">{MATCH_BONUS_ICONS.special} Partido especial +{match.specialBonusPoints}</span>
      )}
      {match.underdogBonusPoints > 0 && match.underdogBonusSide && (
        <span className="rounded-full bg-violet-100 px-2 py-0.5 text-[11px] font-semibold text-violet-900">
          {MATCH_BONUS_ICONS.underdog} Sorpresa ({match.underdogBonusSide}) +{match.underdogBonusPoints}
        </span>
      )}
    </div>
  );
}
