// The player's Boost card (/dashboard, /inicio): the next game, read by the home's route loader
// where the card is on screen, else by the card itself (load-card.ts), and the part that answers
// it (boost-play.tsx, with IndexedDB and the outbox), in its own chunk so the home screen's first
// load does not wait for it; the previous results' dialog loads on its button's first tap.
import { lazy, Suspense, useEffect, useState } from 'react';
import { LoadingState } from '@/components/ui/loading-state';
import { loadBoostCard, loadPlay, playIfLoaded, type BoostCardData } from '../load-card';

const LazyBoostPlay = lazy(() => loadPlay().then((m) => ({ default: m.BoostPlay })));
const PreviousResults = lazy(() => import('./previous-results').then((m) => ({ default: m.PreviousResults })));

// The game's shape while it loads (boost-play.tsx's points and countdown, the clubs, the
// question, the closing time, the answers and the button), so the card does not grow when the
// game arrives; a day with no game is the exception, and the card then shrinks to one line.
const LOADING = (
  <LoadingState label="Cargando el Boost…" className="flex flex-col gap-4 px-4 py-4">
    <div className="flex items-center justify-between">
      <div className="h-6 w-16 animate-pulse rounded-full bg-amber-100" />
      <div className="h-4 w-28 animate-pulse rounded bg-slate-200" />
    </div>
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-center gap-3">
        {[0, 1].map((i) => (
          <div key={i} className="flex flex-1 flex-col items-center gap-1">
            <div className="size-10 animate-pulse rounded-full bg-slate-200" />
            <div className="h-4 w-20 animate-pulse rounded bg-slate-200" />
          </div>
        ))}
      </div>
      <div className="h-6 w-3/4 animate-pulse rounded bg-slate-200" />
    </div>
    {/* The closing time: two lines on a phone. */}
    <div className="flex h-8 flex-col justify-center gap-2">
      <div className="h-3 w-11/12 animate-pulse rounded bg-slate-200" />
      <div className="h-3 w-1/3 animate-pulse rounded bg-slate-200" />
    </div>
    <div className="h-11 animate-pulse rounded-xl bg-slate-100" />
    <div className="h-11 animate-pulse rounded-full bg-slate-200" />
  </LoadingState>
);

/** `data`: the game as the route loader read it; without it (the loader did not wait for it), the
 * card reads it itself and shows the game's skeleton until then. */
export function BoostCard({ userId, data }: { userId: string; data?: BoostCardData }) {
  const [read, setRead] = useState<BoostCardData | 'loading'>('loading');
  useEffect(() => {
    if (data !== undefined) return;
    let alive = true;
    void loadBoostCard(userId).then((r) => alive && setRead(r));
    return () => {
      alive = false;
    };
  }, [userId, data]);
  const card = data ?? read;
  // The loader loaded the answering part with the game; the lazy one only if it has not.
  // Chosen once: switching from one to the other would remount the game.
  const [Play] = useState(() => playIfLoaded() ?? LazyBoostPlay);
  return (
    <section aria-labelledby="boost-title" className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-amber-200">
      <header className="flex items-center justify-between gap-3 border-b border-amber-100 bg-amber-50 px-4 py-3">
        <h2 id="boost-title" className="font-bold">
          ⚡ Boost del día
        </h2>
        <PreviousResultsButton />
      </header>
      {card === 'loading' ? (
        LOADING
      ) : card === 'error' ? (
        <p className="px-4 py-6 text-center text-sm text-slate-600">No pudimos cargar el Boost. Revisa tu conexión.</p>
      ) : !card.game ? (
        <p className="px-4 py-6 text-center text-sm text-slate-600">No hay Boost abierto por ahora. Vuelve mañana.</p>
      ) : (
        <Suspense fallback={LOADING}>
          <Play key={card.game.id} userId={userId} game={card.game} server={card.answer} cachedAt={card.cachedAt} />
        </Suspense>
      )}
    </section>
  );
}

function PreviousResultsButton() {
  const [open, setOpen] = useState(false);
  // Each tap mounts the dialog anew (a fresh read); 0 until the first.
  const [taps, setTaps] = useState(0);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setTaps((n) => n + 1);
          setOpen(true);
        }}
        className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline"
      >
        Ver resultados previos
      </button>
      {taps > 0 && (
        <Suspense fallback={null}>
          <PreviousResults key={taps} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
