// Sends one round's batch of picks for the outbox: an upsert on (user_id, match_id) that
// returns the server's updated_at for the receipt. The database refuses (42501) once the
// round has closed by its own clock.
import { supabase } from '@/lib/supabase';
import type { Sender } from '@/lib/pick-drafts';

export const sendPicks: Sender = async (rows) => {
  const { data, error } = await supabase
    .from('picks')
    .upsert(rows, { onConflict: 'user_id,match_id' })
    .select('match_id, result, updated_at');
  if (!error) return { kind: 'saved', rows: data };
  if (error.code === '42501') return { kind: 'closed' };
  return { kind: 'retry', reason: error.message || 'sin conexión', auth: error.code === 'PGRST301' || error.code === 'PGRST303' };
};
