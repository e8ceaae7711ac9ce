// Issue 44, item 12, in a liga and in the header, at 390 px (the outside walk found "Ana…",
// "Gera_D…" in a liga's table and "Ana_Agu…" in the header while "admin" fit): an ordinary name
// is whole on one line; only a name truly too long ends in an ellipsis, and it is whole a tap away,
// as on the leaderboard (fan-second-look-names.spec.ts).
import { expect, test, type Locator } from '@playwright/test';
import { createPlayer, signInPage } from '../support/e2e-players.ts';
import { e2eSql, scoreARoundThisMonth } from '../support/e2e-standings.ts';

test.describe.configure({ timeout: 120_000 });

/** Whole: nothing of it hidden by its box. */
const whole = (name: Locator) => name.evaluate((el) => el.scrollWidth <= el.clientWidth);

test("a liga's table and the header show an ordinary name whole; a 20-letter one cut on one line, whole on tap", async ({ page }) => {
  const [me, friend, long] = await Promise.all([createPlayer('n'), createPlayer('n'), createPlayer('nombrelargo')]);
  const tag = Math.random().toString(36).slice(2, 6).padEnd(4, 'x');
  // Twelve letters each, as ordinary names go ("Ana_Aguilar", "CharlyRayado").
  const [mine, friends] = [`Ana_Agui${tag}`, `Gera_Dom${tag}`];
  await e2eSql('update public.profiles set username = $2 where id = $1', [me.id, mine]);
  await e2eSql('update public.profiles set username = $2 where id = $1', [friend.id, friends]);
  const [{ username: longName }] = await e2eSql<{ username: string }>('select username from public.profiles where id = $1', [long.id]);
  expect(longName.length).toBe(20);
  const round = await scoreARoundThisMonth(me.id);
  try {
    const { data, error } = await me.api.rpc('create_league', { name: `Nombres ${Date.now().toString(36)}` });
    if (error) throw error;
    for (const p of [friend, long]) expect((await p.api.rpc('join_league', { code: data[0]!.code })).error).toBeNull();
    await signInPage(page, me);
    await page.goto(`/ligas/${data[0]!.id}`);
    const table = page.getByRole('table', { name: /Tabla de la liga/ });

    // His own row (with "(tú)") and another member's: whole, on one line.
    for (const name of [mine, friends]) {
      const shown = table.locator('[data-name]', { hasText: name });
      await expect(shown).toHaveText(name, { timeout: 30_000 });
      expect(await whole(shown), `${name} is cut`).toBe(true);
    }
    // The header's account menu: his name whole too.
    const header = page.getByTestId('header-username');
    await expect(header).toHaveText(mine);
    expect(await whole(header), 'the header cuts his name').toBe(true);

    // Twenty letters: one line, an ellipsis, and the whole name in the score detail a tap away.
    const cut = table.locator('[data-name]', { hasText: longName.slice(0, 15) });
    await expect(cut).toHaveText(`${longName.slice(0, 15)}…`);
    const lines = await cut.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
    expect(lines).toBe(1);
    expect(await cut.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
    await cut.click();
    await expect(page.getByRole('dialog', { name: longName }).getByRole('heading', { level: 2 })).toHaveText(longName);
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [round]);
  }
});
