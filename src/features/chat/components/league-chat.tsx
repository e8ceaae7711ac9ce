// A liga's chat on /ligas/<id> (issue 44, item 14): the round chat's room and rules, read and
// written by the liga's members only (the database's policies; the page is shown to members
// only). Like the round's, the room loads, reads and connects when the reader comes near.
import { lazy, Suspense, useId, useMemo, useRef } from 'react';
import { useNearViewport } from '@/lib/use-near-viewport';
import { GAME_TIME_LABEL } from '@/lib/time';
import type { ChatPlace } from '../chat-model';
import { ChatPlaceholder } from './chat-placeholder';

const ChatRoom = lazy(() => import('./chat-room').then((m) => ({ default: m.ChatRoom })));

export function LeagueChat({ leagueId, userId }: { leagueId: string; userId: string }) {
  const sectionRef = useRef<HTMLElement>(null);
  const near = useNearViewport(sectionRef);
  const titleId = useId();
  const place = useMemo<ChatPlace>(() => ({ kind: 'liga', id: leagueId }), [leagueId]);
  const waiting = (
    <>
      <ChatPlaceholder loading={near} />
      <div aria-hidden="true" className="h-48 border-t border-slate-100" />
    </>
  );
  return (
    <section ref={sectionRef} aria-labelledby={titleId} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="border-b border-slate-100 px-4 py-3">
        <h2 id={titleId} className="font-bold">
          Chat de la liga
        </h2>
        <p className="text-xs text-slate-500">Solo lo leen los miembros de la liga; las horas de los mensajes son {GAME_TIME_LABEL}.</p>
      </header>
      {near ? (
        <Suspense fallback={waiting}>
          <ChatRoom place={place} userId={userId} finalized={false} />
        </Suspense>
      ) : (
        waiting
      )}
    </section>
  );
}
