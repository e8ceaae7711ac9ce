// Reads of a chat (a round's or a liga's), each with the author's public name and club crest
// (public_profiles, readable by visitors): the latest page, the page before a message, everything
// from a message on (the catch-up after a reconnect), and one message (a live insert carries only
// its row). A liga's messages come back to its members only (RLS).
import { supabase } from '@/lib/supabase';
import { placeColumn, type ChatMessage, type ChatPlace } from '../chat-model';

const COLUMNS = 'id, quiniela_id, user_id, message, created_at, author:public_profiles(username, club:clubs(name, logo_url))';

type Row = {
  id: number;
  quiniela_id: number | null;
  user_id: string;
  message: string;
  created_at: string;
  author: { username: string | null; club: { name: string; logo_url: string | null } | null } | null;
};

function toMessage(row: Row): ChatMessage {
  return {
    id: row.id,
    quinielaId: row.quiniela_id,
    userId: row.user_id,
    message: row.message,
    createdAt: row.created_at,
    author: row.author
      ? { username: row.author.username ?? '', clubName: row.author.club?.name ?? null, clubLogoUrl: row.author.club?.logo_url ?? null }
      : null,
  };
}

const of = (place: ChatPlace) => supabase.from('chat_messages').select(COLUMNS).eq(placeColumn(place), place.id);

/** The `limit` newest messages before `beforeId` (or the newest of all), oldest first. */
export async function getChatPage(place: ChatPlace, limit: number, beforeId?: number): Promise<ChatMessage[]> {
  let query = of(place);
  if (beforeId !== undefined) query = query.lt('id', beforeId);
  const { data, error } = await query.order('id', { ascending: false }).limit(limit);
  if (error) throw error;
  return (data as Row[]).map(toMessage).reverse();
}

/** Up to `limit` messages from `fromId` on, oldest first. */
export async function getChatSince(place: ChatPlace, fromId: number, limit: number): Promise<ChatMessage[]> {
  const { data, error } = await of(place).gte('id', fromId).order('id').limit(limit);
  if (error) throw error;
  return (data as Row[]).map(toMessage);
}

/** One message of the chat, or null when it is gone (removed before it was read). */
export async function getChatMessage(place: ChatPlace, id: number): Promise<ChatMessage | null> {
  const { data, error } = await of(place).eq('id', id).maybeSingle();
  if (error) throw error;
  return data ? toMessage(data as Row) : null;
}
