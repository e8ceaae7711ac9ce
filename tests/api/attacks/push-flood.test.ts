// Attack: a player saves thousands of push subscriptions, and every notice to him is pushed to
// each of them (supabase/migrations/20261126001200_push_subscription_cap.sql): he keeps his 10
// newest, whatever the way in (one bulk insert, or the app's save), and nobody else loses any.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../support/clients.ts';
import { createPlayer, type Player } from '../../support/players.ts';

let flooder: Player;
let neighbour: Player;

beforeAll(async () => {
  [flooder, neighbour] = await Promise.all([createPlayer(), createPlayer()]);
});

afterAll(async () => {
  await db().end();
});

// Keys of the shapes a browser gives (a P-256 point and a 16-byte secret, base64url).
const subscription = (p: Player, name: string) => ({
  user_id: p.id,
  endpoint: `https://fcm.googleapis.com/fcm/send/${p.id}-${name}`,
  p256dh: `B${'A'.repeat(86)}`,
  auth: 'A'.repeat(22),
});
const endpoints = async (p: Player) =>
  (await db().query<{ endpoint: string }>('select endpoint from public.push_subscriptions where user_id = $1 order by id', [p.id])).rows.map((r) =>
    r.endpoint.split('-').at(-1),
  );

describe('attack: push subscriptions flood', () => {
  it('keeps a player his 10 newest browsers, through a bulk insert and through the save', async () => {
    expect((await neighbour.client.from('push_subscriptions').insert([subscription(neighbour, 'a'), subscription(neighbour, 'b')])).error).toBeNull();
    const bulk = Array.from({ length: 25 }, (_, i) => subscription(flooder, `n${String(i).padStart(2, '0')}`));
    expect((await flooder.client.from('push_subscriptions').insert(bulk)).error).toBeNull();
    expect(await endpoints(flooder)).toEqual(Array.from({ length: 10 }, (_, i) => `n${15 + i}`));
    // A new browser through the app's save: it stays, the oldest goes.
    const fresh = subscription(flooder, 'phone');
    const saved = await flooder.client.rpc('save_push_subscription', { p_endpoint: fresh.endpoint, p_p256dh: fresh.p256dh, p_auth: fresh.auth, p_user_agent: 'vitest' });
    expect(saved.error).toBeNull();
    expect(await endpoints(flooder)).toEqual([...Array.from({ length: 9 }, (_, i) => `n${16 + i}`), 'phone']);
    expect(await endpoints(neighbour)).toEqual(['a', 'b']);
  });
});
