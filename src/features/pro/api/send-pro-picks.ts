// Sends one entry's waiting Pro picks for the outbox: an upsert on (paid_entry_id, match_id)
// returning the server's updated_at (the receipt). The database refuses (42501) once the round
// has closed, or for an entry that is not the player's or was voided.
import { supabase } from '@/lib/supabase';
import type { ProPickSender } from '@/lib/pro-pick-drafts';

export const sendProPicks: ProPickSender = async (rows) => {
  const { data, error } = await supabase
    .from('paid_picks')
    .upsert(rows, { onConflict: 'paid_entry_id,match_id' })
    .select('paid_entry_id, match_id, result, updated_at');
  if (!error) return { kind: 'saved', rows: data };
  if (error.code === '42501') return { kind: 'closed' };
  return { kind: 'retry', reason: error.message || 'sin conexión', auth: error.code === 'PGRST301' || error.code === 'PGRST303' };
};
