// Issue 44, item 12, at 390 px: a long name on the leaderboard is one line with an ellipsis,
// never broken mid-word ("CharlyRayad / o"), and the whole name is a tap away.
import { expect, test } from '@playwright/test';
import { createPlayer, signInPage } from '../support/e2e-players.ts';
import { e2eSql, scoreARoundThisMonth } from '../support/e2e-standings.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('item 12: a 20-letter name is one line with an ellipsis on the leaderboard, and whole in its score detail', async ({ page }) => {
  const me = await createPlayer('nombrelargo');
  const round = await scoreARoundThisMonth(me.id);
  try {
    const [profile] = await e2eSql<{ username: string; key: string }>(
      `select username, to_char(now() at time zone 'America/Mexico_City', 'YYYY-MM') as key from public.profiles where id = $1`,
      [me.id],
    );
    const username = profile!.username;
    expect(username.length).toBe(20);
    await signInPage(page, me);
    await page.goto(`/leaderboard?mes=${profile!.key}`);
    const button = page.getByRole('table').getByRole('button', { name: new RegExp(`^${escape(username.slice(0, 15))}`) }).first();
    await expect(button).toBeVisible({ timeout: 30_000 });
    const name = button.locator('[data-name]');
    await expect(name).toHaveText(`${username.slice(0, 15)}…`);
    // One line: its box is one line tall, and what does not fit ends in an ellipsis.
    const lines = await name.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
    expect(lines).toBe(1);
    expect(await name.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');

    await button.click();
    await expect(page.getByRole('dialog', { name: username }).getByRole('heading', { level: 2 })).toHaveText(username);
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [round]);
  }
});
