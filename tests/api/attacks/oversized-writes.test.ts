// Attack: bloating the database through a column with no size limit. Every text a player writes
// is capped (chat 500 characters, poll answers, user agents, event names); an analytics event's
// details were not, and one request stored a 1 MB row; nor was the number of events a player may
// write (both limits now in supabase/schemas/150_admin.sql).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../support/clients.ts';
import { createPlayer, type Player } from '../../support/players.ts';

let player: Player;
let flooder: Player;
let neighbour: Player;

beforeAll(async () => {
  [player, flooder, neighbour] = await Promise.all([createPlayer(), createPlayer(), createPlayer()]);
});

const events = (p: Player, n: number) => Array.from({ length: n }, (_, i) => ({ user_id: p.id, event_name: 'page_view', json: { path: `/p${i}` } }));
const count = async (p: Player) =>
  (await db().query<{ n: number }>('select count(*)::int as n from public.activity_logs where user_id = $1', [p.id])).rows[0].n;

afterAll(async () => {
  await db().end();
});

describe('attack: oversized writes', () => {
  it("refuses an analytics event whose details pass 2,000 bytes, and keeps the app's own events", async () => {
    const log = (json: Record<string, string>) => player.client.from('activity_logs').insert({ user_id: player.id, event_name: 'page_view', json });
    // 100 KB: past the table's 2,000 bytes, within the gateway's 1 MB cap (over it, a 413 before PostgREST).
    const huge = await log({ blob: 'x'.repeat(100 * 1024) });
    expect(huge.error?.code).toBe('23514');
    expect((await log({ path: `/${'a'.repeat(1900)}` })).error).toBeNull();
    expect((await log({ path: `/${'a'.repeat(2000)}` })).error?.code).toBe('23514');
    const { rows } = await db().query('select max(octet_length(json::text))::int as largest, count(*)::int as n from public.activity_logs where user_id = $1', [player.id]);
    expect(rows[0]).toEqual({ largest: 1913, n: 1 });
  });

  it("refuses a player's events past 1,000 in an hour, whole batch, and counts each player apart", async () => {
    expect((await flooder.client.from('activity_logs').insert(events(flooder, 500))).error).toBeNull();
    expect((await flooder.client.from('activity_logs').insert(events(flooder, 500))).error).toBeNull();
    const over = await flooder.client.from('activity_logs').insert(events(flooder, 2));
    expect(over.error?.code).toBe('QZ429');
    expect(over.status).toBe(400);
    expect(over.error?.message).toBe('Demasiada actividad registrada en la última hora: inténtalo más tarde.');
    expect(await count(flooder)).toBe(1000);
    // Another player is not held back by the first one's hour.
    expect((await neighbour.client.from('activity_logs').insert(events(neighbour, 3))).error).toBeNull();
    expect(await count(neighbour)).toBe(3);
    // An hour later (the rows moved back, relative to the database clock) the player logs again.
    await db().query("update public.activity_logs set created_at = now() - interval '61 minutes' where user_id = $1", [flooder.id]);
    expect((await flooder.client.from('activity_logs').insert(events(flooder, 2))).error).toBeNull();
    expect(await count(flooder)).toBe(1002);
  });
});
