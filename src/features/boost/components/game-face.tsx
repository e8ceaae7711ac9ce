// What every Boost view shows of a game: its clubs (home VS away for match and exact score,
// the two teams' crests for yes/no and over/under), the question, an optional image.
import { ClubCrest } from '@/components/ui/club-crest';
import type { BoostGame } from '../api/games';

export function GameFace({ game, compact = false }: { game: BoostGame; compact?: boolean }) {
  const size = compact ? 28 : 40;
  const versus = game.type === 'match' || game.type === 'exactscore';
  return (
    <div className="flex flex-col gap-3">
      {game.home && game.away && (
        <div className="flex items-center justify-center gap-3" aria-label={`${game.home.name} contra ${game.away.name}`}>
          <span className="flex min-w-0 flex-1 flex-col items-center gap-1 text-center">
            <ClubCrest name={game.home.name} logoUrl={game.home.logoUrl} size={size} />
            <span className="truncate text-xs font-semibold">{game.home.name}</span>
          </span>
          <span className="text-xs font-bold text-slate-500">{versus ? 'VS' : '·'}</span>
          <span className="flex min-w-0 flex-1 flex-col items-center gap-1 text-center">
            <ClubCrest name={game.away.name} logoUrl={game.away.logoUrl} size={size} />
            <span className="truncate text-xs font-semibold">{game.away.name}</span>
          </span>
        </div>
      )}
      <p className={`${compact ? 'text-sm' : 'text-base'} font-semibold text-slate-900 [overflow-wrap:anywhere]`}>{game.question}</p>
      {game.imageUrl && !compact && <img src={game.imageUrl} alt="" loading="lazy" className="max-h-40 w-full rounded-xl object-cover" />}
    </div>
  );
}
