import { MatchTeams } from '@/components/ui/match-teams';
import { teamName, type RoundMatch } from '@/lib/rounds';
import { formatKickoff } from '@/lib/time';

export function MatchRow({ match }: { match: RoundMatch }) {
  const home = teamName(match.homeClub, match.homeTeam);
  const away = teamName(match.awayClub, match.awayTeam);
  return (
    <li className="flex flex-col gap-1 px-4 py-3" aria-label={`${home} contra ${away}`}>
      <MatchTeams match={match} />
      {match.kickoffAt && <p className="pl-7 text-center text-xs text-slate-500">{formatKickoff(match.kickoffAt)}</p>}
    </li>
  );
}
