// Attack: usernames that look like someone else's or like nothing (issue 13). Today
// "Ana_Aguila " sat beside Ana_Aguila, three zero-width spaces were a name and 100,000
// characters were accepted. The database normalises (NFKC, trimmed), allows 3–20 letters,
// digits, `_`, `.` and `-`, and keeps names unique ignoring case; the forms' quick local check
// (src/lib/username.ts) gives the database's answer on every case below.
import { afterAll, describe, expect, it } from 'vitest';
import { usernameProblem } from '../../../src/lib/username.ts';
import { anonClient, db } from '../../support/clients.ts';
import { createPlayer, uniqueUsername } from '../../support/players.ts';

afterAll(async () => {
  await db().end();
});

const ZWSP = '\u200B';

/** Names and what the rule says of each (null: acceptable), written out by hand from docs/decisions/auth.md. */
const CASES: [string, 'too_short' | 'too_long' | 'invalid' | null][] = [
  ['Caso_Aguila', null],
  [' Caso_Aguila ', null],
  ['Caso_Aguila\u00A0', null],
  ['Peña.Güero-7', null],
  ['Ｐｅｐｅ', null],
  ['abc', null],
  ['a'.repeat(20), null],
  ['ab', 'too_short'],
  ['', 'too_short'],
  ['   ', 'too_short'],
  ['a'.repeat(21), 'too_long'],
  ['a'.repeat(100_000), 'too_long'],
  [ZWSP.repeat(3), 'invalid'],
  [`Ana${ZWSP}Aguila`, 'invalid'],
  ['Ana Aguila', 'invalid'],
  ['Ana\tB', 'invalid'],
  ['Ana\u0007B', 'invalid'],
  ['Ana\u00ADB', 'invalid'],
  ['Ana\u2060B', 'invalid'],
  ['\u0410na_Aguila', 'invalid'],
  ['ana@aguila', 'invalid'],
  ['<script>', 'invalid'],
  ['x\u0301y', 'invalid'],
  ['2×3', 'invalid'],
];

describe('attack: usernames', () => {
  it('check_username and the forms\' local check give the same answer on every case', async () => {
    const anon = anonClient();
    for (const [name, expected] of CASES) {
      const { data, error } = await anon.rpc('check_username', { name });
      expect(error, name).toBeNull();
      // Nobody holds these names, so the database answers ok or the rule's reason.
      expect(data, JSON.stringify(name.slice(0, 30))).toBe(expected ?? 'ok');
      expect(usernameProblem(name), JSON.stringify(name.slice(0, 30))).toBe(expected);
    }
  });

  it('stores names trimmed and NFKC-normalised, so "Ana_Aguila " is Ana_Aguila and cannot sit beside it', async () => {
    const base = uniqueUsername('Trim');
    const player = await createPlayer({ username: ` ${base}\u00A0` });
    expect(player.username).toBe(base);

    const other = await createPlayer();
    const { error } = await other.client.from('profiles').update({ username: `${base.toUpperCase()} ` }).eq('id', other.id);
    expect(error?.code).toBe('23505');

    const wide = await other.client.from('profiles').update({ username: `Ｗ${base}` }).eq('id', other.id).select('username').single();
    expect(wide.error).toBeNull();
    expect(wide.data!.username).toBe(`W${base}`);
  });

  it('keeps accented names unique ignoring case (Á and á are one letter)', async () => {
    const name = `Ángel${uniqueUsername('').slice(1, 12)}`;
    await createPlayer({ username: name });
    const other = await createPlayer();
    const { error } = await other.client.from('profiles').update({ username: name.toLowerCase() }).eq('id', other.id);
    expect(name.toLowerCase()).not.toBe(name);
    expect(error?.code).toBe('23505');
  });

  it('keeps look-alike names unique: Sofía, SOFIA, Sofıa (dotless ı) and Sofia are one name', async () => {
    const tail = uniqueUsername('').slice(1, 12);
    const owner = await createPlayer({ username: `Sofía${tail}` });
    const other = await createPlayer();
    for (const alike of [`Sofia${tail}`, `SOFIA${tail}`, `Sofıa${tail}`, `SÒFÏA${tail}`]) {
      expect((await other.client.rpc('check_username', { name: alike })).data, alike).toBe('taken');
      const { error } = await other.client.from('profiles').update({ username: alike }).eq('id', other.id);
      expect(error?.code, alike).toBe('23505');
    }
    expect((await other.client.rpc('check_username', { name: `Sofie${tail}` })).data).toBe('ok');
    // ł and l, ø and o: one name too.
    const polish = await createPlayer({ username: `Łukasz${tail.slice(0, 8)}` });
    expect((await other.client.rpc('check_username', { name: `lukasz${tail.slice(0, 8)}` })).data).toBe('taken');
    expect(polish.username).toBe(`Łukasz${tail.slice(0, 8)}`);
    // The owner may write his own name without the accent.
    const own = await owner.client.from('profiles').update({ username: `Sofia${tail}` }).eq('id', owner.id).select('username').single();
    expect(own.data?.username).toBe(`Sofia${tail}`);
    // A friend is found by the plain spelling.
    expect((await other.client.rpc('find_player', { username_input: `sofía${tail}` })).data).toMatchObject([{ id: owner.id }]);

    // A sign-up confirmed with a look-alike of a taken name gets a number instead of failing.
    const { rows: [user] } = await db().query(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data)
       values (gen_random_uuid(), 'authenticated', 'authenticated', $1, now(), jsonb_build_object('username', $2::text)) returning id`,
      [`parecido.${tail}@example.com`, `Sofıa${tail}`],
    );
    const { rows } = await db().query('select username from public.profiles where id = $1', [user.id]);
    expect(rows[0].username).toBe(`Sofıa${tail}2`);
  });

  it('refuses zero-width, over-long and too-short names through the API with the reason and a Spanish message', async () => {
    const player = await createPlayer();
    for (const [name, reason, message] of [
      [ZWSP.repeat(3), 'invalid', /solo puede tener letras, números/],
      ['a'.repeat(100_000), 'too_long', /como máximo 20 caracteres/],
      ['ab ', 'too_short', /al menos 3 caracteres/],
    ] as const) {
      const { error, status } = await player.client.from('profiles').update({ username: name }).eq('id', player.id);
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: '23514', hint: reason });
      expect(error!.message).toMatch(message);
    }
    const { rows } = await db().query('select username from public.profiles where id = $1', [player.id]);
    expect(rows[0].username).toBe(player.username);
  });

  it('gives a confirmed user whose metadata name breaks the rule the default name instead of failing', async () => {
    for (const username of [ZWSP.repeat(3), 'x'.repeat(5000), 42]) {
      const { rows: [user] } = await db().query(
        `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data)
         values (gen_random_uuid(), 'authenticated', 'authenticated', $1, now(), jsonb_build_object('username', $2::jsonb)) returning id`,
        [`malo.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`, JSON.stringify(username)],
      );
      const { rows } = await db().query('select username from public.profiles where id = $1', [user.id]);
      expect(rows[0].username).toBe(`jugador${user.id.replace(/-/g, '').slice(0, 6)}`);
    }
  });

  it('leaves every seeded username valid', async () => {
    const { rows } = await db().query('select username from public.profiles where public.username_problem(username) is not null');
    expect(rows).toEqual([]);
    const { rows: seeded } = await db().query(`select count(*)::int as n from public.profiles where email like '%@quinielazo.mx'`);
    expect(seeded[0].n).toBeGreaterThan(0);
  });
});
