// Attack: bloating the database through a column with no size limit. Every text a player writes
// is capped (chat 500 characters, poll answers, user agents, event names); an analytics event's
// details were not, and one request stored a 1 MB row
// (supabase/migrations/20261126000600_activity_log_size.sql).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../support/clients.ts';
import { createPlayer, type Player } from '../../support/players.ts';

let player: Player;

beforeAll(async () => {
  player = await createPlayer();
});

afterAll(async () => {
  await db().end();
});

describe('attack: oversized writes', () => {
  it("refuses an analytics event whose details pass 2,000 bytes, and keeps the app's own events", async () => {
    const log = (json: Record<string, string>) => player.client.from('activity_logs').insert({ user_id: player.id, event_name: 'page_view', json });
    const huge = await log({ blob: 'x'.repeat(1024 * 1024) });
    expect(huge.error?.code).toBe('23514');
    expect((await log({ path: `/${'a'.repeat(1900)}` })).error).toBeNull();
    expect((await log({ path: `/${'a'.repeat(2000)}` })).error?.code).toBe('23514');
    const { rows } = await db().query('select max(octet_length(json::text))::int as largest, count(*)::int as n from public.activity_logs where user_id = $1', [player.id]);
    expect(rows[0]).toEqual({ largest: 1913, n: 1 });
  });
});
