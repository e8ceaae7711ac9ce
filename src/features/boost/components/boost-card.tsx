// The player's Boost card (/dashboard, /inicio): the next game and, once it is known, the part
// that answers it (boost-play.tsx, with IndexedDB and the outbox), in its own chunk so the
// home screen's first load does not wait for them; the previous results' dialog loads on its
// button's first tap.
import { lazy, Suspense, useEffect, useState } from 'react';
import { cachedRead, MAX_AGE } from '@/lib/cached-read';
import { getMyAnswer, getNextGame, type BoostGame, type ServerAnswer } from '../api/games';

const loadPlay = () => import('./boost-play');
const BoostPlay = lazy(() => loadPlay().then((m) => ({ default: m.BoostPlay })));
const PreviousResults = lazy(() => import('./previous-results').then((m) => ({ default: m.PreviousResults })));

interface NextGame {
  game: BoostGame | null;
  answer: ServerAnswer | null;
}

async function loadNext(userId: string): Promise<NextGame> {
  const game = await getNextGame();
  return { game, answer: game ? await getMyAnswer(userId, game.id) : null };
}

const LOADING = <p className="px-4 py-6 text-center text-sm text-slate-500">Cargando el Boost…</p>;

export function BoostCard({ userId }: { userId: string }) {
  const [state, setState] = useState<{ data: NextGame; cachedAt: number | null } | 'loading' | 'error'>('loading');
  useEffect(() => {
    let alive = true;
    // The answering part and the outbox load beside the game, not after it.
    void loadPlay().then((m) => m.startAppOutbox());
    cachedRead('boost:next', userId, () => loadNext(userId), MAX_AGE.boostGame).then(
      (r) => alive && setState(r),
      () => alive && setState('error'),
    );
    return () => {
      alive = false;
    };
  }, [userId]);

  return (
    <section aria-labelledby="boost-title" className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-amber-200">
      <header className="flex items-center justify-between gap-3 border-b border-amber-100 bg-amber-50 px-4 py-3">
        <h2 id="boost-title" className="font-bold">
          ⚡ Boost del día
        </h2>
        <PreviousResultsButton />
      </header>
      {state === 'loading' ? (
        LOADING
      ) : state === 'error' ? (
        <p className="px-4 py-6 text-center text-sm text-slate-600">No pudimos cargar el Boost. Revisa tu conexión.</p>
      ) : !state.data.game ? (
        <p className="px-4 py-6 text-center text-sm text-slate-600">No hay Boost abierto por ahora. Vuelve mañana.</p>
      ) : (
        <Suspense fallback={LOADING}>
          <BoostPlay key={state.data.game.id} userId={userId} game={state.data.game} server={state.data.answer} cachedAt={state.cachedAt} />
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
        className="text-sm font-semibold text-brand-700 hover:underline"
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
