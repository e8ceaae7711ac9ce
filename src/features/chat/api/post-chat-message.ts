// A player's message in a round's chat. The database decides: as himself only, in a round not
// finalized, not blank, at most 500 characters, one every 3 seconds (docs/decisions/community.md, "Round chat").
import { supabase } from '@/lib/supabase';
import { sendErrorText } from '../chat-model';

export type PostOutcome = { kind: 'sent'; id: number } | { kind: 'refused'; text: string };

export async function postChatMessage(roundId: number, userId: string, text: string): Promise<PostOutcome> {
  const { data, error } = await supabase.from('chat_messages').insert({ quiniela_id: roundId, user_id: userId, message: text }).select('id').single();
  if (error) return { kind: 'refused', text: sendErrorText(error) };
  return { kind: 'sent', id: data.id };
}
