// Rules written on both sides (issue 43, item 3): the database is the referee, and the app keeps a
// copy to answer before the network. Each pair is held to the same answer here, on a table of
// cases written by hand and, where the rule is about characters, on every character there is a
// reason to doubt — as tests/api/attacks/usernames.test.ts holds the username rule.
// - Boost answers: public.normalize_daily_answer vs src/features/boost/model/answers.ts
//   (JavaScript's trim() strips tabs and non-breaking spaces, SQL's btrim() only spaces; lower()
//   under the C collation leaves Í and Á as they are).
// - Liga names: public.normalize_league_text vs src/features/leagues/league-rules.ts.
// - The game's clock: public.mx_time / public.mx_instant (the one place the schema names the
//   zone) vs src/lib/time.ts, and the Boost lock the database fills (23:59 of the game's day)
//   vs the instant the app shows for it, across Mexico City's last daylight-saving summer.
// - Whether a pick counts (issue 45: a void match counts for every pick on it): public.pick_counts
//   vs src/lib/game/rounds.ts pickCounts, and the 48 hours before a stopped match is void
//   (public.match_void_after vs VOID_AFTER_HOURS).
import { afterAll, describe, expect, it } from 'vitest';
import { normalizeAnswer, type GameType } from '../../src/features/boost/model/answers.ts';
import { normalizeLeagueText } from '../../src/features/leagues/league-rules.ts';
import { gameClock, gameTimeToInstant } from '../../src/lib/time.ts';
import { pickCounts, VOID_AFTER_HOURS, type MatchSide } from '../../src/lib/game/rounds.ts';
import { anonClient, db } from '../support/clients.ts';

afterAll(async () => {
  await db().end();
});

/** Boost answers and the canonical form the rule gives (null: not an answer of the type). */
const BOOST_CASES: [GameType, string, string | null][] = [
  ['match', 'Local', 'Local'],
  ['match', ' local ', 'Local'],
  ['match', 'LOCAL', 'Local'],
  ['match', 'local\t', 'Local'],
  ['match', '\u00A0Empate\u00A0', 'Empate'],
  ['match', '\u3000visita\u2003', 'Visita'],
  ['match', 'visita\uFEFF\n', 'Visita'],
  ['match', 'Visitante', null],
  ['match', 'loc al', null],
  ['match', '', null],
  ['match', '\u00A0', null],
  ['match', 'Ｌｏｃａｌ', null],
  ['match', 'Local\u200B', null],
  ['yesno', 'Sí', 'Sí'],
  ['yesno', 'SÍ', 'Sí'],
  ['yesno', 'si', 'Sí'],
  ['yesno', 'SI', 'Sí'],
  ['yesno', 'sí\u2028', 'Sí'],
  ['yesno', 'NO', 'No'],
  ['yesno', 'nó', null],
  ['overunder', 'MÁS', 'Más'],
  ['overunder', 'Más', 'Más'],
  ['overunder', 'mas\r\n', 'Más'],
  ['overunder', '\tMENOS', 'Menos'],
  ['overunder', 'mäs', null],
  ['exactscore', '2-1', '2-1'],
  ['exactscore', '2 - 1', '2-1'],
  ['exactscore', '02-01', '2-1'],
  ['exactscore', '007-1', '7-1'],
  ['exactscore', '2\u00A0-\u00A01', '2-1'],
  ['exactscore', '\t10-0 ', '10-0'],
  ['exactscore', '0-0\u3000', '0-0'],
  ['exactscore', '11-0', null],
  ['exactscore', '2–1', null],
  ['exactscore', '1 0-1', null],
  ['exactscore', '-1', null],
  ['exactscore', '2-', null],
  ['exactscore', '100-1', null],
  ['exactscore', '２-1', null],
];

/** Liga names and what is stored (null: nothing visible left). */
const LEAGUE_CASES: [string, string | null][] = [
  ['La Oficina', 'La Oficina'],
  ['  La\u200B   Oficina\u00A0 ', 'La Oficina'],
  ['\tLa\nOficina\u3000', 'La Oficina'],
  ['\u2066\u2067\u2068\u2069', null],
  ['a\u2066b\u2069c', 'abc'],
  ['\u061CLa\u180B Ofi\uFFF9\u{1D173}\u{E0041}cina', 'La Oficina'],
  ['Ｌａ　Ｏｆｉｃｉｎａ', 'La Oficina'],
  ['\u0085\u00AD\uFEFF', null],
  ['', null],
];

describe('rules on both sides give the same answer', () => {
  it('Boost answers: normalize_daily_answer and the app\'s normalizeAnswer, on every case', async () => {
    const anon = anonClient();
    for (const [type, answer, expected] of BOOST_CASES) {
      const label = `${type} ${JSON.stringify(answer)}`;
      const { data, error } = await anon.rpc('normalize_daily_answer', { game_type: type, answer });
      expect(error, label).toBeNull();
      expect(data, label).toBe(expected);
      expect(normalizeAnswer(type, answer), label).toBe(expected);
    }
  });

  it('liga names: normalize_league_text and the app\'s normalizeLeagueText, on every case', async () => {
    for (const [name, expected] of LEAGUE_CASES) {
      const { rows } = await db().query<{ n: string | null }>('select public.normalize_league_text($1) as n', [name]);
      expect(rows[0].n, JSON.stringify(name)).toBe(expected);
      expect(normalizeLeagueText(name) || null, JSON.stringify(name)).toBe(expected);
    }
  });

  // Characters the database's Unicode (PostgreSQL's unicode_version()) has not assigned yet are
  // left out: NFKC keeps them as they are there, and a newer Node may already fold them (U+A7F1).
  it('liga names: the same for every character of the BMP and the invisible ones beyond it, inside a name', async () => {
    const { rows } = await db().query<{ cp: number; n: string | null }>(`
      select cp, public.normalize_league_text('a' || chr(cp) || 'b') as n
      from (select generate_series(1, 65535) as cp union all select generate_series(119152, 119167)
            union all select generate_series(917504, 917631) union all select 128512) c
      where cp not between 55296 and 57343 and unicode_assigned(chr(cp)) order by cp`);
    const differ = rows
      .filter((r) => (normalizeLeagueText(`a${String.fromCodePoint(r.cp)}b`) || null) !== r.n)
      .map((r) => `U+${r.cp.toString(16).toUpperCase()}`);
    expect(differ).toEqual([]);
    // Not an empty agreement: a bidi isolate and a zero-width space go, a letter stays.
    const stored = new Map(rows.map((r) => [r.cp, r.n]));
    expect([stored.get(0x2066), stored.get(0x200b), stored.get(0x41)]).toEqual(['ab', 'ab', 'aAb']);
  });

  it('the game\'s clock: mx_time and mx_instant agree with the app\'s, in and after daylight saving', async () => {
    const instants = ['2022-07-01T04:59:00Z', '2022-07-01T05:00:00Z', '2022-10-30T06:59:00Z', '2022-10-30T07:00:00Z', '2024-02-29T18:00:00Z', '2026-12-01T05:59:59Z', '2026-12-01T06:00:00Z'];
    for (const at of instants) {
      const { rows } = await db().query<{ wall: string }>(`select to_char(public.mx_time($1::timestamptz), 'YYYY-MM-DD HH24:MI:SS') as wall`, [at]);
      const c = gameClock(at);
      const two = (n: number) => String(n).padStart(2, '0');
      expect(rows[0].wall, at).toBe(`${c.year}-${two(c.month)}-${two(c.day)} ${two(c.hour)}:${two(c.minute)}:${two(c.second)}`);
    }
    for (const wall of ['2022-07-01 23:59', '2022-12-01 00:00', '2026-11-30 23:59', '2027-01-01 00:00']) {
      const { rows } = await db().query<{ at: Date }>('select public.mx_instant($1::timestamp) as at', [wall]);
      const [y, m, d, h, min] = wall.split(/[- :]/).map(Number);
      expect(rows[0].at.toISOString(), wall).toBe(gameTimeToInstant(y, m, d, h, min).toISOString());
    }
  });

  it('a pick counts: pick_counts and the app\'s pickCounts for every pick, result and void; the 48 hours', async () => {
    const sides: Array<MatchSide | null> = [null, 'Local', 'Empate', 'Visita'];
    const cases = sides.flatMap((pick) => sides.flatMap((result) => [false, true].map((voided) => ({ pick, result, voided }))));
    const { rows } = await db().query<{ pick: string | null; result: string | null; voided: boolean; counts: boolean }>(
      `select c.pick, c.result, c.voided, public.pick_counts(c.pick, c.result, c.voided) as counts
       from jsonb_to_recordset($1::jsonb) as c(pick text, result text, voided boolean)`, [JSON.stringify(cases)]);
    expect(rows).toHaveLength(cases.length);
    for (const r of rows) {
      const label = JSON.stringify(r);
      expect(pickCounts(r.pick as MatchSide | null, { correctResult: r.result as MatchSide | null, voidedAt: r.voided ? '2026-12-07T00:00:00Z' : null }), label).toBe(r.counts);
    }
    // Not an empty agreement: a void match counts for a pick on it, not for a missing pick; a result wins over void.
    const counts = (pick: string | null, result: string | null, voided: boolean) => rows.find((r) => r.pick === pick && r.result === result && r.voided === voided)!.counts;
    expect([counts('Local', null, true), counts(null, null, true), counts('Local', 'Visita', true), counts('Local', 'Local', false)]).toEqual([true, false, false, true]);
    const { rows: after } = await db().query<{ hours: number }>(`select extract(epoch from public.match_void_after()) / 3600 as hours`);
    expect(Number(after[0].hours)).toBe(VOID_AFTER_HOURS);
  });

  it('the Boost lock: a game saved without lock_date locks at 23:59 of its day, the instant the app computes', async () => {
    const client = await db().connect();
    try {
      await client.query('begin');
      for (const day of ['2022-07-01', '2024-02-29', '2026-12-31']) {
        const { rows } = await client.query<{ lock_date: Date }>(
          `insert into public.daily_games (game_date, game_type, question) values ($1, 'yesno', '¿Caso de prueba?') returning lock_date`,
          [day],
        );
        const [y, m, d] = day.split('-').map(Number);
        expect(rows[0].lock_date.toISOString(), day).toBe(gameTimeToInstant(y, m, d, 23, 59).toISOString());
      }
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
