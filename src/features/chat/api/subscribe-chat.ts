// Live changes of one chat (a round's or a liga's) through Supabase Realtime. Inserts are
// filtered to the round or liga in the server, and a liga's reach only its members (Realtime
// checks each row against the subscriber's RLS); deletes are not filtered: on a table with RLS a delete carries only the primary key (no
// quiniela_id to filter on), so every removal arrives and the chat drops it if it shows that id.
// Each SUBSCRIBED (the first join and every rejoin after the socket dropped) is reported, so the
// chat can read what it missed meanwhile.
import type { RealtimeChannel } from '@supabase/supabase-js';
import { supabaseFull } from '@/lib/supabase-full';
import { placeColumn, type ChatPlace } from '../chat-model';

export interface ChatHandlers {
  onInsert: (id: number) => void;
  onDelete: (id: number) => void;
  onSubscribed: () => void;
}

/** Subscribes and returns the unsubscribe. */
export function subscribeChat(place: ChatPlace, handlers: ChatHandlers): () => void {
  let channel: RealtimeChannel | undefined;
  let stopped = false;
  void supabaseFull()
    .then((client) => {
      if (stopped) return;
      channel = client
        // A topic of its own per subscription: supabase-js hands back an existing channel of the
        // same topic, which a quick remount's cleanup would then remove from under the new one.
        .channel(`chat:${place.kind}:${place.id}:${Math.random().toString(36).slice(2)}`)
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'chat_messages', filter: `${placeColumn(place)}=eq.${place.id}` }, (payload) => {
          const id = Number((payload.new as { id?: unknown }).id);
          if (Number.isFinite(id)) handlers.onInsert(id);
        })
        .on('postgres_changes', { event: 'DELETE', schema: 'public', table: 'chat_messages' }, (payload) => {
          const id = Number((payload.old as { id?: unknown }).id);
          if (Number.isFinite(id)) handlers.onDelete(id);
        })
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') handlers.onSubscribed();
        });
    })
    .catch((error: unknown) => console.warn('El chat en vivo no está disponible', error));
  return () => {
    stopped = true;
    if (channel) void supabaseFull().then((client) => client.removeChannel(channel!));
  };
}
