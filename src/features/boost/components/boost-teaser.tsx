// The home page's read-only Boost teaser for visitors (spec §2): the next game's question,
// image and clubs, its points and a 'Juega gratis' link to /signup. Hidden when there is no
// game or the read fails (spec §8).
import { formatPoints } from '@/lib/plural';
import { useEffect, useState } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { getNextGame, type BoostGame } from '../api/games';
import { GameFace } from './game-face';

export function BoostTeaser() {
  const [game, setGame] = useState<BoostGame | null>(null);
  useEffect(() => {
    let alive = true;
    getNextGame().then(
      (g) => alive && setGame(g),
      (error: unknown) => console.warn('Error loading daily game', error),
    );
    return () => {
      alive = false;
    };
  }, []);
  if (!game) return null;
  return (
    <section aria-labelledby="boost-teaser-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-amber-200">
      <div className="mb-3 flex items-center justify-between">
        <h2 id="boost-teaser-title" className="font-bold">
          ⚡ Reto Boost
        </h2>
        <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-bold text-amber-900">+{formatPoints(game.points)}</span>
      </div>
      <GameFace game={game} />
      <AppLink to="/signup" className="mt-4 flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white">
        Juega gratis
      </AppLink>
    </section>
  );
}
