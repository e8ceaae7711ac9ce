// "Shows nothing" is one rule in two places: the database's (public.shows_nothing, for chat
// messages and poll answers, over the same lists as liga names) and the app's copy that answers before sending
// (src/lib/shows-nothing.ts). They agree on every character of the Basic Multilingual Plane.
import { afterAll, expect, it } from 'vitest';
import { showsNothing } from '../../src/lib/shows-nothing.ts';
import { db } from '../support/clients.ts';

afterAll(async () => {
  await db().end();
});

it('the database and the app find the same characters invisible, over the whole BMP', async () => {
  const { rows } = await db().query<{ cp: number }>(
    `select cp from generate_series(1, 65535) as cp where cp not between 55296 and 57343 and public.shows_nothing(chr(cp)) order by cp`,
  );
  const inDatabase = rows.map((r) => r.cp);
  const inApp: number[] = [];
  for (let cp = 1; cp <= 0xffff; cp++) if ((cp < 0xd800 || cp > 0xdfff) && showsNothing(String.fromCodePoint(cp))) inApp.push(cp);
  expect(inApp).toEqual(inDatabase);
  // Not an empty agreement: space, the ideographic space, the zero-width space and the bidi
  // isolates (refused in liga names, so in chat and polls too: one list) are in it; a letter is not.
  expect(inDatabase).toEqual(expect.arrayContaining([0x20, 0x3000, 0x200b, 0x2066, 0x2067, 0x2068, 0x2069, 0x061c]));
  expect(inDatabase).not.toContain(0x41);
});
