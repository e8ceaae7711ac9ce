// Live changes of one Pro round through Supabase Realtime (spec §7): a result saved (matches),
// an entry credited or voided (paid_entries), a Pro pick changed (paid_picks) and, for the
// buyer, a payment decided (payments). Each change only says "read again": RLS decides what the
// next read returns. Every SUBSCRIBED (also after a reconnect) asks for a read too.
import type { RealtimeChannel } from '@supabase/supabase-js';
import { supabaseFull } from '@/lib/supabase-full';

export function subscribeProRound(roundId: number, onChange: () => void): () => void {
  let channel: RealtimeChannel | undefined;
  let stopped = false;
  const filter = `quiniela_id=eq.${roundId}`;
  void supabaseFull()
    .then((client) => {
      if (stopped) return;
      channel = client
        .channel(`pro:${roundId}:${Math.random().toString(36).slice(2)}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'matches', filter }, onChange)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'paid_entries', filter }, onChange)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'paid_picks', filter }, onChange)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'payments', filter }, onChange)
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') onChange();
        });
    })
    .catch((error: unknown) => console.warn('Los resultados en vivo no están disponibles', error));
  return () => {
    stopped = true;
    if (channel) void supabaseFull().then((client) => client.removeChannel(channel!));
  };
}
