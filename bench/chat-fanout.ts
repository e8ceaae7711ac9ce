// Round chat fan-out (issue 12): 500 Realtime subscribers on one round's chat, each its own
// supabase-js client and socket (as 500 phones would be); a message is inserted and the time
// until each subscriber hears it is measured. Five messages, one after another; prints p50, p95
// and the slowest, per message and over all. Target: p95 ≤ 500 ms. BENCH_CHAT_SUBSCRIBERS sets
// the crowd (issue 31: 5,000). With mode 'broadcast' the same crowd listens to a Broadcast
// channel instead and one client sends the messages: what the chat would cost on Realtime
// Broadcast, where no row is checked against each subscriber's RLS.
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';

const SUBSCRIBERS = Number(process.env.BENCH_CHAT_SUBSCRIBERS ?? 500);
const MESSAGES = 5;
const JOINING = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export async function benchChatFanout(platform: { apiUrl: string; anonKey: string; dbUrl: string }, mode: 'postgres_changes' | 'broadcast' = 'postgres_changes'): Promise<void> {
  const db = new pg.Client({ connectionString: platform.dbUrl });
  await db.connect();
  const clients: SupabaseClient[] = [];
  const channels: RealtimeChannel[] = [];
  try {
    const round = Number(
      (await db.query(`insert into public.quinielas (name, week, deadline) values ('Bench chat', 1, now() + interval '2 days') returning id`)).rows[0].id,
    );
    const author = (await db.query('select id from public.profiles order by id limit 1')).rows[0].id as string;
    const heard = new Map<number, number[]>();
    const sentAt = new Map<number, number>();

    const joinStarted = performance.now();
    // Phones join over time, not in one millisecond: at most JOINING joins in flight.
    let joined = 0;
    const join = async () => {
      const client = createClient(platform.apiUrl, platform.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: ws as never, timeout: 60_000 },
      });
      clients.push(client);
      await new Promise<void>((resolve, reject) => {
        const subscribed = (status: string) => {
          if (status === 'SUBSCRIBED') resolve();
          if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(`subscription ${status}`));
        };
        if (mode === 'broadcast') {
          const channel = client.channel(`room:${round}`).on('broadcast', { event: 'message' }, ({ payload }) => {
            const start = sentAt.get(Number(payload.id));
            if (start !== undefined) heard.get(Number(payload.id))?.push(performance.now() - start);
          });
          channel.subscribe(subscribed);
          channels.push(channel);
          return;
        }
        const channel = client
          .channel(`chat:${round}:${Math.random().toString(36).slice(2)}`)
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'chat_messages', filter: `quiniela_id=eq.${round}` }, (payload) => {
            const id = Number((payload.new as { id: number }).id);
            const start = sentAt.get(id);
            if (start !== undefined) heard.get(id)?.push(performance.now() - start);
          })
          .subscribe(subscribed);
        channels.push(channel);
      });
    };
    await Promise.all(Array.from({ length: Math.min(JOINING, SUBSCRIBERS) }, async () => {
      while (joined < SUBSCRIBERS) {
        joined++;
        await join();
      }
    }));
    console.log(`${mode}: ${SUBSCRIBERS} subscribers joined in ${(performance.now() - joinStarted).toFixed(0)} ms`);
    let sender: RealtimeChannel | undefined;
    if (mode === 'broadcast') {
      const client = createClient(platform.apiUrl, platform.anonKey, { auth: { persistSession: false }, realtime: { transport: ws as never } });
      clients.push(client);
      sender = client.channel(`room:${round}`, { config: { broadcast: { ack: true } } });
      await new Promise<void>((resolve) => sender!.subscribe((status) => status === 'SUBSCRIBED' && resolve()));
    }

    const all: number[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      // The id is taken first so the clock starts before the row exists.
      const id = Number((await db.query(`select nextval(pg_get_serial_sequence('public.chat_messages', 'id')) as id`)).rows[0].id);
      heard.set(id, []);
      sentAt.set(id, performance.now());
      if (sender) await sender.send({ type: 'broadcast', event: 'message', payload: { id, message: `Mensaje de prueba ${i + 1}` } });
      else await db.query('insert into public.chat_messages (id, quiniela_id, user_id, message) values ($1, $2, $3, $4)', [id, round, author, `Mensaje de prueba ${i + 1}`]);
      const deadline = Date.now() + 10_000;
      while (heard.get(id)!.length < SUBSCRIBERS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      const times = heard.get(id)!.sort((a, b) => a - b);
      all.push(...times);
      console.log(
        `message ${i + 1}: heard by ${times.length}/${SUBSCRIBERS}   p50 ${percentile(times, 50).toFixed(0)} ms   p95 ${percentile(times, 95).toFixed(0)} ms   slowest ${times.at(-1)?.toFixed(0)} ms`,
      );
    }
    all.sort((a, b) => a - b);
    console.log(
      `${new Date().toISOString().slice(0, 10)}, ${mode}, all ${MESSAGES} messages: ${all.length}/${SUBSCRIBERS * MESSAGES} deliveries   p50 ${percentile(all, 50).toFixed(0)} ms   p95 ${percentile(all, 95).toFixed(0)} ms (target ≤ 500 ms)   slowest ${all.at(-1)?.toFixed(0)} ms`,
    );
    await db.query('delete from public.quinielas where id = $1', [round]);
  } finally {
    await Promise.all(clients.map((c) => c.removeAllChannels().catch(() => undefined)));
    await db.end();
  }
}
