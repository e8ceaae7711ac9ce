import { formatKickoff } from '@/lib/time';
import type { RoundMatch } from '../api/get-open-round';
import { ClubBadge } from './club-badge';

function teamName(club: RoundMatch['homeClub'], fallback: string): string {
  return club?.shortName || club?.name || fallback;
}

export function MatchRow({ match }: { match: RoundMatch }) {
  const home = teamName(match.homeClub, match.homeTeam);
  const away = teamName(match.awayClub, match.awayTeam);
  return (
    <li className="flex flex-col gap-1 px-4 py-3" aria-label={`${home} contra ${away}`}>
      <div className="flex items-center gap-2">
        <span className="w-5 shrink-0 text-xs font-semibold tabular-nums text-slate-400">{match.order}</span>
        <div className="flex min-w-0 flex-1 items-center justify-end gap-2 text-right">
          <span className="truncate text-sm font-semibold">{home}</span>
          <ClubBadge club={match.homeClub} fallbackName={match.homeTeam} />
        </div>
        <span className="shrink-0 px-1 text-xs font-bold text-slate-400">VS</span>
        <div className="flex min-w-0 flex-1 items-center gap-2">
          <ClubBadge club={match.awayClub} fallbackName={match.awayTeam} />
          <span className="truncate text-sm font-semibold">{away}</span>
        </div>
      </div>
      {match.kickoffAt && <p className="pl-7 text-center text-xs text-slate-500">{formatKickoff(match.kickoffAt)}</p>}
    </li>
  );
}
