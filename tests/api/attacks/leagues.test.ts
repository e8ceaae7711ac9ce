// An attack run on ligas (2026-11-28), as a cheater with curl and supabase-js would: the roads
// around the league functions (tables, embeds, probing ids and codes), races against the row
// locks (joins at the limits, a join while the code is renewed or the liga deleted, reminders
// at once), and hostile names. Findings, fixed in supabase/schemas/160_leagues.sql: the code's
// 7th character came from a UUID's version nibble (16 of 32 symbols: half the code space to
// guess), and names kept the bidi isolates and other invisible characters the rule meant to
// drop. A third, a crafted `?unirme=1` link joining a signed-in player, is the app's side
// (tests/e2e/liga-invite.spec.ts). docs/decisions-log.md, "Attack run on ligas".
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { anonClient, db } from '../../support/clients.ts';
import { createPlayer, type Player } from '../../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const rounds: number[] = [];
const sessions: pg.Client[] = [];

afterAll(async () => {
  for (const s of sessions) await s.end().catch(() => {});
  await q('delete from public.quinielas where id = any($1)', [rounds]);
  await db().end();
});

async function create(owner: Player, name = 'Oficina') {
  const { data, error } = await owner.client.rpc('create_league', { name });
  expect(error).toBeNull();
  return data![0];
}

async function join(p: Player, code: string) {
  const { error } = await p.client.rpc('join_league', { code });
  expect(error).toBeNull();
}

/** A liga made straight in the database (the creation rate limit is not what is attacked). */
async function dbLeague(owner: Player, name = 'Liga atacada'): Promise<{ id: string; code: string }> {
  const code = Array.from({ length: 8 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join('');
  const row = (await q(`insert into public.leagues (name, code, owner_id, created_by) values ($1, $2, $3, $3) returning id, code`, [name, code, owner.id])).rows[0];
  await q('insert into public.league_members (league_id, user_id) values ($1, $2)', [row.id, owner.id]);
  return row;
}

async function round(n: number) {
  const r = (await q(`insert into public.quinielas (name, week, deadline) values ('Jornada atacada', 48, now() + interval '20 days') returning id`)).rows[0];
  rounds.push(Number(r.id));
  for (let i = 1; i <= n; i++) await q(`insert into public.matches (quiniela_id, match_order, home_team, away_team) values ($1, $2, 'León', 'Atlas')`, [r.id, i]);
  return Number(r.id);
}

/** A superuser session holding a transaction open (the other side of a race). */
async function session(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: inject('dbUrl') });
  await c.connect();
  sessions.push(c);
  return c;
}

/** Waits until a PostgREST request running `fn` is blocked on a lock. */
async function blockedOn(fn: string) {
  const limit = Date.now() + 10_000;
  while (Date.now() < limit) {
    const { rows } = await q(`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like $1`, [`%${fn}%`]);
    if (rows.length > 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${fn} never waited on a lock`);
}

describe('the invitation code, the only secret', () => {
  it('draws every one of its 8 characters from all 32 symbols (no position gives part of the code away)', async () => {
    const { rows } = await q('select internal.new_league_code() as code from generate_series(1, 2000)');
    for (let i = 0; i < 8; i++) {
      const used = new Set(rows.map((r) => r.code[i]));
      expect([...used].sort().join(''), `position ${i + 1}`).toBe([...ALPHABET].sort().join(''));
    }
  });

  it('is never readable by a non-member: not from the table, an embed, or the member functions', async () => {
    const [owner, member, outsider] = await Promise.all([createPlayer(), createPlayer(), createPlayer()]);
    const secret = await dbLeague(owner, 'Secreta');
    await join(member, secret.code);
    const shared = await dbLeague(outsider, 'Compartida');
    await join(member, shared.code);
    // The outsider shares a liga with the member: he sees that one, never the member's other.
    expect((await outsider.client.from('leagues').select('id, code')).data).toEqual([{ id: shared.id, code: shared.code }]);
    expect((await outsider.client.from('league_members').select('league_id').eq('user_id', member.id)).data).toEqual([{ league_id: shared.id }]);
    const embedded = await outsider.client.from('league_members').select('league_id, leagues(code)').eq('user_id', member.id);
    expect(embedded.data).toEqual([{ league_id: shared.id, leagues: { code: shared.code } }]);
    const viaProfiles = await outsider.client.from('profiles').select('id, league_members(league_id)').eq('id', member.id);
    expect(viaProfiles.error === null ? viaProfiles.data!.flatMap((p) => p.league_members.map((m) => m.league_id)) : []).not.toContain(secret.id);
    // Sharing a liga shows a member's name, not his e-mail: the profiles embed is still his own rows only.
    const emails = await outsider.client.from('league_members').select('user_id, profiles(email)').eq('league_id', shared.id);
    expect(emails.data!.filter((m) => m.user_id !== outsider.id).map((m) => m.profiles)).toEqual([null]);
    const mine = await outsider.client.rpc('get_my_leagues');
    expect(mine.data!.map((l) => l.code)).toEqual([shared.code]);
    // Visitors read no liga table at all.
    expect((await anonClient().from('leagues').select('code')).error?.code).toBe('42501');
    expect((await anonClient().from('league_members').select('league_id')).error?.code).toBe('42501');
  });

  it('answers a liga one is not in exactly as one that does not exist, so ids cannot be probed', async () => {
    const [owner, outsider] = await Promise.all([createPlayer(), createPlayer()]);
    const l = await dbLeague(owner);
    const r = await round(1);
    const missing = '00000000-0000-4000-8000-000000000000';
    const calls = (league_id: string) => [
      ['get_league_standings', { league_id, month_input: 1, year_input: 2047 }],
      ['get_league_boost_standings', { league_id, month_input: 1, year_input: 2047 }],
      ['get_league_round_standings', { league_id, quiniela_id: r }],
      ['get_league_round_picks', { league_id, quiniela_id: r }],
      ['get_league_missing_picks', { league_id, quiniela_id: r }],
      ['leave_league', { league_id }],
      ['update_league', { league_id, name: 'Robada' }],
      ['remove_league_member', { league_id, user_id: owner.id }],
      ['renew_league_code', { league_id }],
      ['transfer_league', { league_id, new_owner: outsider.id }],
      ['delete_league', { league_id }],
      ['remind_league_missing', { league_id, quiniela_id: r }],
    ] as const;
    for (const [[fn, real], [, absent]] of calls(l.id).map((c, i) => [c, calls(missing)[i]] as const)) {
      const a = await outsider.client.rpc(fn, real as never);
      const b = await outsider.client.rpc(fn, absent as never);
      expect(a.error, fn).toMatchObject({ code: '42501', hint: 'not_league_member', message: 'No eres parte de esta liga.' });
      expect(b.error, fn).toEqual(a.error);
    }
    expect((await q('select name, code, owner_id from public.leagues where id = $1', [l.id])).rows[0]).toEqual({ name: 'Liga atacada', code: l.code, owner_id: owner.id });
  });
});

describe('races against the locks', () => {
  it('refuses a join with the old code that was waiting while the owner renewed it', async () => {
    const [owner, p] = await Promise.all([createPlayer(), createPlayer()]);
    const l = await dbLeague(owner);
    const renew = await session();
    await renew.query('begin');
    await renew.query('update public.leagues set code = internal.new_league_code() where id = $1', [l.id]);
    // supabase-js sends a request when it is awaited: then() sends it now.
    const joining = p.client.rpc('join_league', { code: l.code }).then((a) => a);
    await blockedOn('join_league');
    await renew.query('commit');
    const { error } = await joining;
    expect(error).toMatchObject({ code: 'P0002', hint: 'league_not_found' });
    expect((await q('select count(*)::int as n from public.league_members where league_id = $1', [l.id])).rows[0].n).toBe(1);
  });

  it('refuses in Spanish a join that was waiting while the liga was deleted', async () => {
    const [owner, p] = await Promise.all([createPlayer(), createPlayer()]);
    const l = await dbLeague(owner);
    const del = await session();
    await del.query('begin');
    await del.query('delete from public.leagues where id = $1', [l.id]);
    const joining = p.client.rpc('join_league', { code: l.code }).then((a) => a);
    await blockedOn('join_league');
    await del.query('commit');
    expect((await joining).error).toMatchObject({ code: 'P0002', hint: 'league_not_found' });
    expect((await q('select count(*)::int as n from public.league_members where user_id = $1', [p.id])).rows[0].n).toBe(0);
  });

  it('refuses to hand the liga to a member whose leaving was under way, in Spanish', async () => {
    const [owner, heir] = await Promise.all([createPlayer(), createPlayer()]);
    const l = await dbLeague(owner);
    await join(heir, l.code);
    // The heir's leave_league, as PostgREST runs it, holding its transaction open.
    const leaving = await session();
    await leaving.query('begin');
    await leaving.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: heir.id, role: 'authenticated' })]);
    await leaving.query('set local role authenticated');
    await leaving.query('select public.leave_league($1)', [l.id]);
    const transfer = owner.client.rpc('transfer_league', { league_id: l.id, new_owner: heir.id }).then((a) => a);
    await blockedOn('transfer_league');
    await leaving.query('commit');
    expect((await transfer).error).toMatchObject({ code: '23514', hint: 'new_owner_not_member', message: 'Solo puedes pasar la liga a uno de sus miembros.' });
    expect((await q('select owner_id from public.leagues where id = $1', [l.id])).rows[0].owner_id).toBe(owner.id);
  });

  it('holds a player to 20 ligas when he joins three at once from 18', async () => {
    const [owner, p] = await Promise.all([createPlayer(), createPlayer()]);
    const ligas = [];
    for (let i = 0; i < 21; i++) ligas.push(await dbLeague(owner, `Liga ${i}`));
    await q(`insert into public.league_members (league_id, user_id) select unnest($1::uuid[]), $2`, [ligas.slice(0, 18).map((l) => l.id), p.id]);
    const answers = await Promise.all(ligas.slice(18).map((l) => p.client.rpc('join_league', { code: l.code })));
    expect(answers.filter((a) => a.error === null)).toHaveLength(2);
    expect(answers.find((a) => a.error)!.error).toMatchObject({ code: '23514', hint: 'too_many_leagues' });
    expect((await q('select count(*)::int as n from public.league_members where user_id = $1', [p.id])).rows[0].n).toBe(20);
  });

  it('holds a player to 5 new ligas an hour when he asks for 7 at once', async () => {
    const p = await createPlayer();
    const answers = await Promise.all(Array.from({ length: 7 }, (_, i) => p.client.rpc('create_league', { name: `Ráfaga ${i}` })));
    // The refusals whole in a failure's message, not only their count.
    expect(answers.filter((a) => a.error).map((a) => a.error)).toMatchObject([{ hint: 'league_create_rate' }, { hint: 'league_create_rate' }]);
    expect(answers.filter((a) => a.error === null)).toHaveLength(5);
    expect((await q('select count(*)::int as n from public.leagues where created_by = $1', [p.id])).rows[0].n).toBe(5);
  });

  // A deleted liga gives its creation back (docs/decisions/ligas.md, "The creation limit counts
  // created_by"): what must hold is that a create → remind → delete loop reminds nobody twice.
  it('reminds a player once per round however many ligas his owner creates, reminds and deletes', async () => {
    const [owner, victim] = await Promise.all([createPlayer(), createPlayer()]);
    const r = await round(1);
    for (let i = 0; i < 3; i++) {
      const l = await create(owner, `Bucle ${i}`);
      await join(victim, l.code);
      const { data, error } = await owner.client.rpc('remind_league_missing', { league_id: l.id, quiniela_id: r });
      expect(error).toBeNull();
      expect(data).toBe(i === 0 ? 1 : 0);
      expect((await owner.client.rpc('delete_league', { league_id: l.id })).error).toBeNull();
    }
    expect((await q(`select count(*)::int as n from public.notification_outbox where user_id = $1 and quiniela_id = $2`, [victim.id, r])).rows[0].n).toBe(1);
  });

  it('sends "Recordarles" once when the owner taps it on two phones at once', async () => {
    const [owner, late] = await Promise.all([createPlayer(), createPlayer()]);
    const l = await dbLeague(owner);
    await join(late, l.code);
    const r = await round(1);
    const both = await Promise.all([0, 1].map(() => owner.client.rpc('remind_league_missing', { league_id: l.id, quiniela_id: r })));
    expect(both.filter((a) => a.error === null).map((a) => a.data)).toEqual([1]);
    expect(both.find((a) => a.error)!.error).toMatchObject({ code: 'QZ429', hint: 'league_already_reminded' });
    expect((await q(`select count(*)::int as n from public.notification_outbox where user_id = $1 and quiniela_id = $2`, [late.id, r])).rows[0].n).toBe(1);
  });
});

describe('hostile names', () => {
  // Bidi isolates (U+2066–U+2069) reorder the text after them as the overrides (U+202A–U+202E,
  // already dropped) do: "⏰ Tu liga ⁧Oficina te espera" in a push reads backwards. The Arabic
  // letter mark, the Mongolian and other variation selectors, the Khmer inherent vowels, the
  // interlinear annotation marks and the tag characters show nothing either.
  const invisible = ['\u061C', '\u2066', '\u2067', '\u2068', '\u2069', '\u17B4', '\u17B5', '\u180B', '\u180F', '\uFFF9', '\uFFFB', '\u{E0001}', '\u{E0041}', '\u{1D173}'];

  it('drops every character that shows nothing, so none counts towards the 3 a name needs', async () => {
    const owner = await createPlayer();
    for (const c of invisible) {
      const { error } = await owner.client.rpc('create_league', { name: `a${c.repeat(3)}b` });
      expect(error, `U+${c.codePointAt(0)!.toString(16).toUpperCase()}`).toMatchObject({ code: '23514', hint: 'league_name_too_short' });
    }
    const l = await create(owner, `\u2067Oficina${invisible.join('')} 2`);
    expect((await q('select name from public.leagues where id = $1', [l.id])).rows[0].name).toBe('Oficina 2');
    // The owner's direct update is held to the same rule.
    const direct = await owner.client.from('leagues').update({ name: `\u2066\u2067\u2068\u2069ab`, prize_note: `\u2067Tacos` }).eq('id', l.id).select('name');
    expect(direct.error).toMatchObject({ code: '23514', hint: 'league_name_too_short' });
    expect((await owner.client.from('leagues').update({ prize_note: `\u2067Tacos\u2069` }).eq('id', l.id).select('prize_note')).data).toEqual([{ prize_note: 'Tacos' }]);
  });

  it('keeps emoji names, counts code points, and refuses a near-megabyte name in Spanish', async () => {
    const owner = await createPlayer();
    const l = await create(owner, '⚽🔥🇲🇽');
    expect((await q('select name from public.leagues where id = $1', [l.id])).rows[0].name).toBe('⚽🔥🇲🇽');
    const { error } = await owner.client.rpc('create_league', { name: 'x\u200B'.repeat(200_000) });
    expect(error).toMatchObject({ code: '23514', hint: 'league_name_too_long' });
  });
});
