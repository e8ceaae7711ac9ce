// Guessing liga codes (issue 41, item 9). An attack run found join_league answering an unknown
// code with HTTP 500 about 500 times a second and get_league_preview answering visitors about 545
// times a second, never a 429. An unknown code is now a 404 with the refusal in Spanish, and a
// caller who keeps naming codes no liga has is refused with 429 (supabase/schemas/160_leagues.sql):
// a player after 10 misses in 10 minutes, an address after 30, a right code too.
//
// Each test speaks from an address of its own on the loopback network (127.x.y.z, all this
// machine), as separate callers on the internet would, so it neither spends nor meets another
// test's budget; the gateway puts that address last in x-forwarded-for, whatever the caller sent.
import { request } from 'node:http';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { db } from '../../support/clients.ts';
import { createPlayer, type Player } from '../../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GUESSES = 'Probaste demasiados códigos de liga que no existen. Espera unos minutos y pide el enlace a quien te invitó.';
const NOT_FOUND = 'Esta invitación ya no es válida: pide un enlace nuevo a quien te invitó.';

afterAll(async () => {
  await db().end();
});

let nextAddress = 1 + Math.floor(Math.random() * 200);
/** A loopback address no other test of this run speaks from. */
const address = () => `127.41.${nextAddress++ % 250}.${1 + Math.floor(Math.random() * 250)}`;

/** A well-formed code (8 of the 32 symbols) that no liga has. */
function unknownCode(): string {
  return Array.from({ length: 8 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join('');
}

interface Answer {
  status: number;
  body: unknown;
}

/** POST /rest/v1/rpc/<fn> from `from`, as the player `as` (or a visitor), with extra headers. */
function rpc(fn: string, args: unknown, opts: { from: string; as?: Player; headers?: Record<string, string> }): Promise<Answer> {
  const api = new URL(inject('apiUrl'));
  const payload = JSON.stringify(args);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: api.hostname,
        port: api.port,
        method: 'POST',
        path: `/rest/v1/rpc/${fn}`,
        localAddress: opts.from,
        headers: {
          apikey: inject('anonKey'),
          authorization: `Bearer ${opts.as?.accessToken ?? inject('anonKey')}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...opts.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A liga made straight in the database (creating ligas is not what is attacked). */
async function league(owner: Player): Promise<string> {
  const code = unknownCode();
  const row = (await q(`insert into public.leagues (name, code, owner_id, created_by) values ('Adivinada', $1, $2, $2) returning id`, [code, owner.id])).rows[0];
  await q('insert into public.league_members (league_id, user_id) values ($1, $2)', [row.id, owner.id]);
  return code;
}

const refusedForGuessing = { status: 429, body: { code: 'PT429', hint: 'league_code_guesses', message: GUESSES } };

describe('an unknown code', () => {
  it('is a 404 with the refusal in Spanish when a player tries to join with it, not a 500', async () => {
    const player = await createPlayer();
    const answer = await rpc('join_league', { code: unknownCode() }, { from: address(), as: player });
    expect(answer).toEqual({ status: 404, body: { code: 'P0002', hint: 'league_not_found', message: NOT_FOUND, details: null } });
  });

  it('reaches the app as a refusal with its Spanish message through supabase-js', async () => {
    const player = await createPlayer();
    const { data, error } = await player.client.rpc('join_league', { code: unknownCode() });
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: 'P0002', hint: 'league_not_found', message: NOT_FOUND });
  });
});

describe('guessing codes', () => {
  it('stops a player after 10 unknown codes in 10 minutes, a right code too; another player joins', async () => {
    const [guesser, owner, friend] = await Promise.all([createPlayer(), createPlayer(), createPlayer()]);
    const code = await league(owner);
    const from = address();
    for (let i = 0; i < 10; i++) expect((await rpc('join_league', { code: unknownCode() }, { from, as: guesser })).status).toBe(404);
    expect(await rpc('join_league', { code: unknownCode() }, { from, as: guesser })).toMatchObject(refusedForGuessing);
    // Past the limit a lucky guess tells him nothing.
    expect(await rpc('join_league', { code }, { from, as: guesser })).toMatchObject(refusedForGuessing);
    expect(await rpc('get_league_preview', { code }, { from: address(), as: guesser })).toMatchObject(refusedForGuessing);
    expect((await q('select count(*)::int as n from public.league_members m join public.leagues l on l.id = m.league_id where l.code = $1 and m.user_id = $2', [code, guesser.id])).rows[0].n).toBe(0);
    // Someone else, from his own address, is not held back.
    const joined = await rpc('join_league', { code }, { from: address(), as: friend });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ already_member: false });
  });

  it("refuses a join that waits on the player's own ligas for a second with 429, not a 500 when the statement times out", async () => {
    // A burst queues on the player's ligas lock (each join takes it first); on a starved machine
    // the last of 40 waited past the 8 s statement timeout. Here another transaction holds it.
    const guesser = await createPlayer();
    const holder = await db().connect();
    try {
      await holder.query('begin');
      await holder.query("select pg_advisory_xact_lock(hashtext('quinielazo.league_members'), hashtext($1))", [guesser.id]);
      const answer = await rpc('join_league', { code: unknownCode() }, { from: address(), as: guesser });
      expect(answer).toMatchObject({ status: 429, body: { code: 'PT429', hint: 'league_code_guesses' } });
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    // The lock gone, he is looked up again: nothing was counted against him.
    expect((await rpc('join_league', { code: unknownCode() }, { from: address(), as: guesser })).status).toBe(404);
  });

  it('answers at most 10 of 40 guesses sent at once by one player and refuses the others with 429, none with a 5xx', async () => {
    const guesser = await createPlayer();
    const from = address();
    const answers = await Promise.all(Array.from({ length: 40 }, () => rpc('join_league', { code: unknownCode() }, { from, as: guesser })));
    const statuses = answers.map((a) => a.status);
    // Ten at most are looked up, whatever their order; the rest are refused, those that queued
    // on his own rows for a second too (on a busy machine they were 500s: the statement's timeout).
    expect(answers.filter((a) => a.status !== 404 && a.status !== 429).map((a) => JSON.stringify(a.body)), statuses.join(' ')).toEqual([]);
    const looked = statuses.filter((s) => s === 404).length;
    expect(looked, statuses.join(' ')).toBeGreaterThan(0);
    expect(looked, statuses.join(' ')).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.status === 429).every((a) => (a.body as { hint?: string }).hint === 'league_code_guesses')).toBe(true);
  });

  it('stops an address after 30 unknown codes, whatever x-forwarded-for it sends; other addresses still read the invitation', async () => {
    const owner = await createPlayer();
    const code = await league(owner);
    const from = address();
    for (let i = 0; i < 30; i++) {
      const spoofed = { 'x-forwarded-for': `203.0.113.${i}` };
      expect(await rpc('get_league_preview', { code: unknownCode() }, { from, headers: spoofed })).toEqual({ status: 200, body: [] });
    }
    expect(await rpc('get_league_preview', { code: unknownCode() }, { from, headers: { 'x-forwarded-for': '198.51.100.7' } })).toMatchObject(refusedForGuessing);
    expect(await rpc('get_league_preview', { code }, { from })).toMatchObject(refusedForGuessing);
    // Players signed in on that network share its budget too.
    const neighbour = await createPlayer();
    expect(await rpc('join_league', { code }, { from, as: neighbour })).toMatchObject(refusedForGuessing);
    const elsewhere = await rpc('get_league_preview', { code }, { from: address() });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toMatchObject([{ name: 'Adivinada', owner_username: owner.username, member_count: 1, is_member: false }]);
  });

  it('lets the address guess again once its 10 minutes are over', async () => {
    const owner = await createPlayer();
    const code = await league(owner);
    const from = address();
    for (let i = 0; i < 30; i++) await rpc('get_league_preview', { code: unknownCode() }, { from });
    expect(await rpc('get_league_preview', { code }, { from })).toMatchObject(refusedForGuessing);
    // The window started 10 minutes ago by the database's clock.
    await q(`update internal.league_code_guesses set window_start = now() - interval '10 minutes' where caller = $1`, [`source:${from}`]);
    const again = await rpc('get_league_preview', { code }, { from });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject([{ name: 'Adivinada' }]);
  });

  it('does not count what cannot be a code (wrong length or symbols), which tells a guesser nothing', async () => {
    const [player, owner] = await Promise.all([createPlayer(), createPlayer()]);
    const code = await league(owner);
    const from = address();
    for (const junk of ['', 'ABC', 'ABCDEFGHJ', 'ABCDEFG1', 'abcdefg0', 'x'.repeat(5000)]) {
      for (let i = 0; i < 6; i++) {
        expect((await rpc('join_league', { code: junk }, { from, as: player })).status).toBe(404);
        expect(await rpc('get_league_preview', { code: junk }, { from })).toEqual({ status: 200, body: [] });
      }
    }
    expect((await rpc('join_league', { code: code.toLowerCase() }, { from, as: player })).status).toBe(200);
  });
});
