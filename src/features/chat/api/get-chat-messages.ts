// Reads of a round's chat, each with the author's public name and club crest (public_profiles,
// readable by visitors): the latest page, the page before a message, everything from a message
// on (the catch-up after a reconnect), and one message (a live insert carries only its row).
import { supabase } from '@/lib/supabase';
import type { ChatMessage } from '../chat-model';

const COLUMNS = 'id, quiniela_id, user_id, message, created_at, author:public_profiles(username, club:clubs(name, logo_url))';

type Row = {
  id: number;
  quiniela_id: number;
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

const round = (roundId: number) => supabase.from('chat_messages').select(COLUMNS).eq('quiniela_id', roundId);

/** The `limit` newest messages before `beforeId` (or the newest of all), oldest first. */
export async function getChatPage(roundId: number, limit: number, beforeId?: number): Promise<ChatMessage[]> {
  let query = round(roundId);
  if (beforeId !== undefined) query = query.lt('id', beforeId);
  const { data, error } = await query.order('id', { ascending: false }).limit(limit);
  if (error) throw error;
  return (data as Row[]).map(toMessage).reverse();
}

/** Up to `limit` messages from `fromId` on, oldest first. */
export async function getChatSince(roundId: number, fromId: number, limit: number): Promise<ChatMessage[]> {
  const { data, error } = await round(roundId).gte('id', fromId).order('id').limit(limit);
  if (error) throw error;
  return (data as Row[]).map(toMessage);
}

/** One message of the round, or null when it is gone (removed before it was read). */
export async function getChatMessage(roundId: number, id: number): Promise<ChatMessage | null> {
  const { data, error } = await round(roundId).eq('id', id).maybeSingle();
  if (error) throw error;
  return data ? toMessage(data as Row) : null;
}
