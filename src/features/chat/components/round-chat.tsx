// The chat of one round on /quinielazo-de-la-semana, below the round. This frame (its heading
// and the place it holds) is all the page's first load carries: the room (chat-room.tsx: the
// messages, the live channel, the box) is loaded, reads and connects when the reader comes near
// (docs/decisions/community.md, "Round chat").
import { lazy, Suspense, useId, useMemo, useRef } from 'react';
import type { ChatPlace } from '../chat-model';
import { useNearViewport } from '@/lib/use-near-viewport';
import { ChatPlaceholder } from './chat-placeholder';
import { GAME_TIME_LABEL } from '@/lib/time';

const ChatRoom = lazy(() => import('./chat-room').then((m) => ({ default: m.ChatRoom })));

export function RoundChat({ roundId, userId, finalized }: { roundId: number; userId: string | null; finalized: boolean }) {
  const sectionRef = useRef<HTMLElement>(null);
  const near = useNearViewport(sectionRef);
  const titleId = useId();
  const place = useMemo<ChatPlace>(() => ({ kind: 'round', id: roundId }), [roundId]);
  // Until the room is loaded, its messages' blocks and the height of its box (a player's) or of
  // its one-line footer (a visitor's, a finished round's) hold the place.
  const waiting = (
    <>
      <ChatPlaceholder loading={near} />
      <div aria-hidden="true" className={`border-t border-slate-100 ${userId && !finalized ? 'h-48' : 'h-16'}`} />
    </>
  );
  return (
    // Below the round: laid out when the reader nears it, like the room's loading.
    <section ref={sectionRef} aria-labelledby={titleId} className="below-fold-72 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="border-b border-slate-100 px-4 py-3">
        <h2 id={titleId} className="font-bold">
          Chat de la quiniela
        </h2>
        <p className="text-xs text-slate-500">Las horas de los mensajes son {GAME_TIME_LABEL}.</p>
      </header>
      {near ? (
        <Suspense fallback={waiting}>
          <ChatRoom place={place} userId={userId} finalized={finalized} />
        </Suspense>
      ) : (
        waiting
      )}
    </section>
  );
}
