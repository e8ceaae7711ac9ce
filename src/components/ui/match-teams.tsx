// The teams line of a match, the same on the home page and the picks screens: its order,
// both clubs' names and crests, and "VS" between them.
import { teamName, type RoundClub, type RoundMatch } from '@/lib/game/rounds';

export function MatchTeams({ match }: { match: RoundMatch }) {
  const home = teamName(match.homeClub, match.homeTeam);
  const away = teamName(match.awayClub, match.awayTeam);
  return (
    <div className="flex items-center gap-2">
      <span className="w-5 shrink-0 text-xs font-semibold tabular-nums text-slate-500">{match.order}</span>
      <div className="flex min-w-0 flex-1 items-center justify-end gap-2 text-right">
        <span className="truncate text-sm font-semibold">{home}</span>
        <ClubBadge club={match.homeClub} fallbackName={match.homeTeam} />
      </div>
      <span className="shrink-0 px-1 text-xs font-bold text-slate-500">VS</span>
      <div className="flex min-w-0 flex-1 items-center gap-2">
        <ClubBadge club={match.awayClub} fallbackName={match.awayTeam} />
        <span className="truncate text-sm font-semibold">{away}</span>
      </div>
    </div>
  );
}

/** A club's crest (32 px), or its initials when the club has no crest. */
function ClubBadge({ club, fallbackName }: { club: RoundClub | null; fallbackName: string }) {
  const name = club?.name ?? fallbackName;
  if (club?.logoUrl) {
    return <img src={club.logoUrl} alt={name} width={32} height={32} loading="lazy" className="size-8 shrink-0 object-contain" />;
  }
  const initials = name
    .split(/\s+/)
    .map((word) => word[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center rounded-full bg-slate-200 text-xs font-bold text-slate-600">
      {initials}
    </span>
  );
}
