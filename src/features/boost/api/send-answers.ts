// Sends one game's answer for the outbox: an upsert on (user_id, daily_game_id) returning the
// server's updated_at (the receipt). The database refuses (42501) once the game has locked.
import { supabase } from '@/lib/supabase';
import type { AnswerSender } from '@/lib/answer-drafts';

export const sendAnswers: AnswerSender = async (rows) => {
  const { data, error } = await supabase
    .from('daily_game_picks')
    .upsert(rows, { onConflict: 'user_id,daily_game_id' })
    .select('daily_game_id, answer, updated_at');
  if (!error) return { kind: 'saved', rows: data };
  if (error.code === '42501') return { kind: 'closed' };
  return { kind: 'retry', reason: error.message || 'sin conexión', auth: error.code === 'PGRST301' || error.code === 'PGRST303' };
};
