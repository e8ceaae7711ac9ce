// Analytics events are stored once (src/lib/activity-request.ts): a batch whose request a
// navigation cut off after the server stored it was put back and sent again on hide, and the
// page views counted twice (seen in offers.spec under load). Each event carries the phone's own
// key; the app's two requests (the timed insert and the keepalive POST) add nothing the second time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import { activityKeepaliveRequest } from '../../src/lib/activity-request.ts';
import { db } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

let ana: Player;
let beto: Player;

beforeAll(async () => {
  [ana, beto] = await Promise.all([createPlayer(), createPlayer()]);
});

afterAll(async () => {
  await db().end();
});

const events = (p: Player, paths: string[]) => paths.map((path) => ({ event_key: randomUUID(), user_id: p.id, event_name: 'page_view', json: { path } }));
const stored = async (p: Player) =>
  (await db().query<{ path: string }>(`select json->>'path' as path from public.activity_logs where user_id = $1 order by id`, [p.id])).rows.map((r) => r.path);

describe('analytics events, sent twice, are stored once', () => {
  it('the timed batch sent again, and again with one new event, stores each event once', async () => {
    const batch = events(ana, ['/inicio', '/dashboard', '/mis-quinielas']);
    const send = (rows: typeof batch) => ana.client.from('activity_logs').insert(rows);
    expect((await send(batch)).error).toBeNull();
    expect((await send(batch)).error).toBeNull();
    const [extra] = events(ana, ['/leaderboard']);
    expect((await send([...batch, extra])).error).toBeNull();
    expect(await stored(ana)).toEqual(['/inicio', '/dashboard', '/mis-quinielas', '/leaderboard']);
  });

  it('the keepalive request on hide, after the same batch went through, adds nothing', async () => {
    const batch = events(beto, ['/picks', '/pro']);
    expect((await beto.client.from('activity_logs').insert(batch)).error).toBeNull();
    const response = await fetch(...activityKeepaliveRequest(inject('apiUrl'), inject('anonKey'), beto.accessToken, batch));
    expect(response.status).toBe(201);
    expect(await stored(beto)).toEqual(['/picks', '/pro']);
  });

  it("another player's key neither writes under his name nor hides his event", async () => {
    const [mine] = events(ana, ['/rules']);
    // Beto replays Ana's event as his own request: refused by the table's rule (his own events only).
    expect((await beto.client.from('activity_logs').insert([mine])).error?.code).toBe('42501');
    // Beto stores an event of his own under Ana's key first: hers still goes in (keys are per player).
    expect((await beto.client.from('activity_logs').insert([{ ...mine, user_id: beto.id, json: { path: '/faq' } }])).error).toBeNull();
    expect((await ana.client.from('activity_logs').insert([mine])).error).toBeNull();
    expect(await stored(ana)).toContain('/rules');
    expect(await stored(beto)).toContain('/faq');
  });
});
