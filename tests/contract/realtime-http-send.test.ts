// Realtime contract: realtime-js 2.109's httpSend posts one broadcast to
// POST /api/broadcast/:topic/events/:event (the payload as the body, JSON or
// application/octet-stream) and expects 202 with no body (hosted Realtime's
// BroadcastSingleController; a 404 makes realtime-js tell the developer to upgrade the server).
// Other media types get 415, a payload over the tenant's 3,000 KB 422.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';

const clients: SupabaseClient[] = [];
function client(): SupabaseClient {
  const c = createClient(inject('apiUrl'), inject('anonKey'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never, timeout: 30_000 }, // a join's reply is waited for, not timed
  });
  clients.push(c);
  return c;
}
afterAll(async () => {
  for (const c of clients) {
    await c.removeAllChannels();
    c.realtime.disconnect();
  }
});

const endpoint = (topic: string, event: string) => `${inject('apiUrl')}/realtime/v1/api/broadcast/${encodeURIComponent(topic)}/events/${encodeURIComponent(event)}`;

describe('Realtime contract: httpSend', () => {
  it('answers 202 and a subscriber of the topic receives the broadcast', async () => {
    const received: unknown[] = [];
    const listener = client().channel('marcador');
    listener.on('broadcast', { event: 'gol' }, (m) => received.push(m.payload));
    await new Promise<void>((resolve) => listener.subscribe((s) => (s === 'SUBSCRIBED' ? resolve() : undefined)));

    const sender = client().channel('marcador');
    expect(await sender.httpSend('gol', { minuto: 90 })).toEqual({ success: true });
    await expect.poll(() => received, { timeout: 30_000 }).toEqual([{ minuto: 90 }]);

    const raw = await fetch(endpoint('marcador', 'gol'), { method: 'POST', headers: { apikey: inject('anonKey'), 'content-type': 'application/json' }, body: '{"minuto":91}' });
    expect(raw.status).toBe(202);
    expect(await raw.text()).toBe('');
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
  });

  it('refuses other media types (415), a missing key (401) and an oversized payload (422)', async () => {
    const post = (headers: Record<string, string>, body: string) => fetch(endpoint('marcador', 'gol'), { method: 'POST', headers, body });
    const media = await post({ apikey: inject('anonKey'), 'content-type': 'text/plain' }, 'hola');
    expect(media.status).toBe(415);
    expect(await media.json()).toEqual({ error: 'Unsupported Media Type. Use application/json or application/octet-stream' });
    expect((await post({ 'content-type': 'application/json' }, '{}')).status).toBe(401);
    const big = await post({ apikey: inject('anonKey'), 'content-type': 'application/json' }, JSON.stringify({ blob: 'x'.repeat(3_100_000) }));
    expect(big.status).toBe(422);
    expect(await big.json()).toEqual({ errors: { payload: ['Payload size exceeds tenant limit'] } });
  });
});
