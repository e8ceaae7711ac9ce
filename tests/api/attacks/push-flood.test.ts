// Attack: a player saves thousands of push subscriptions, and every notice to him is pushed to
// each of them (supabase/schemas/130_notifications.sql): he keeps his 10
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

describe('attack: saving another player\'s push endpoint', () => {
  it('is refused in Spanish; the endpoint stays his, with his keys, until he removes it, then anyone may save it', async () => {
    const victim = subscription(neighbour, 'victim-phone');
    expect((await neighbour.client.rpc('save_push_subscription', { p_endpoint: victim.endpoint, p_p256dh: victim.p256dh, p_auth: victim.auth })).error).toBeNull();

    const taken = await flooder.client.rpc('save_push_subscription', {
      p_endpoint: victim.endpoint, p_p256dh: `B${'Z'.repeat(86)}`, p_auth: 'Z'.repeat(22), p_user_agent: 'atacante',
    });
    expect(taken.error?.code).toBe('23505');
    expect(taken.error?.message).toBe('Este navegador ya recibe los avisos de otra cuenta.');
    const { rows } = await db().query('select user_id, p256dh, auth from public.push_subscriptions where endpoint = $1', [victim.endpoint]);
    expect(rows).toEqual([{ user_id: neighbour.id, p256dh: victim.p256dh, auth: victim.auth }]);

    // His own browser saving again (new keys after a rotation) is still a refresh, not a refusal.
    expect((await neighbour.client.rpc('save_push_subscription', { p_endpoint: victim.endpoint, p_p256dh: `B${'C'.repeat(86)}`, p_auth: victim.auth })).error).toBeNull();
    // Once he removes it, the endpoint is free.
    expect((await neighbour.client.from('push_subscriptions').delete().eq('endpoint', victim.endpoint)).error).toBeNull();
    expect((await flooder.client.rpc('save_push_subscription', { p_endpoint: victim.endpoint, p_p256dh: victim.p256dh, p_auth: victim.auth })).error).toBeNull();
    expect((await db().query('select user_id from public.push_subscriptions where endpoint = $1', [victim.endpoint])).rows).toEqual([{ user_id: flooder.id }]);
  });
});
