// A player's message in a round's or a liga's chat. The database decides: as himself only, in a
// round not finalized or a liga he plays in, not blank, at most 500 characters, one every 3
// seconds (docs/decisions/community.md, "Round chat"; docs/decisions/ligas.md, "The liga's chat").
import { supabase } from '@/lib/supabase';
import { sendErrorText, type ChatPlace } from '../chat-model';

export type PostOutcome = { kind: 'sent'; id: number } | { kind: 'refused'; text: string };

export async function postChatMessage(place: ChatPlace, userId: string, text: string): Promise<PostOutcome> {
  const row: { quiniela_id?: number; league_id?: string; user_id: string; message: string } =
    place.kind === 'round' ? { quiniela_id: place.id, user_id: userId, message: text } : { league_id: place.id, user_id: userId, message: text };
  const { data, error } = await supabase.from('chat_messages').insert(row).select('id').single();
  if (error) return { kind: 'refused', text: sendErrorText(error, place.kind) };
  return { kind: 'sent', id: data.id };
}
