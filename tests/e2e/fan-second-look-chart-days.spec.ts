// Issue 44's outside walk, at 390 px: the score detail's (and the dashboard's) "Puntos por
// quiniela" chart names each bar by its day ("7 nov"), what tells one round from the next; every
// round's name begins "Quiniela del …" and was cut there, so no bar could be told apart. The whole
// name stays the bar's tooltip and in the chart's accessible name. Three rounds of last month by
// the database clock (its 7th, 14th and 21st exist in every month).
import { expect, test } from '@playwright/test';
import { createPlayer, signInPage } from '../support/e2e-players.ts';
import { clearOfMidnight } from '../support/e2e-clock.ts';
import { e2eSql } from '../support/e2e-standings.ts';
import { shownName } from '../support/shown.ts';

test.describe.configure({ timeout: 120_000 });

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('"Puntos por quiniela" names each bar by its day, the whole name in its tooltip', async ({ page }) => {
  await clearOfMidnight('month');
  const me = await createPlayer('barras');
  const [month] = await e2eSql<{ y: number; m: number; key: string }>(
    `select extract(year from d)::int as y, extract(month from d)::int as m, to_char(d, 'YYYY-MM') as key
     from (select date_trunc('month', now() at time zone 'America/Mexico_City') - interval '1 month' as d) t`,
  );
  const word = MONTHS[month!.m - 1]!;
  const days = [7, 14, 21];
  const rounds = await e2eSql<{ id: string; name: string }>(
    `insert into public.quinielas (name, week, deadline, results_saved)
     select 'Quiniela del ' || d || ' de ' || $3, 1, (make_date($1, $2, d) + time '18:00') at time zone 'America/Mexico_City', true
     from unnest($4::int[]) d
     returning id::text, name`,
    [month!.y, month!.m, word, days],
  );
  try {
    await e2eSql(
      `insert into public.scores (user_id, quiniela_id, correct, points) select $1, r::bigint, 5, 10 + n from unnest($2::text[]) with ordinality x(r, n)`,
      [me.id, rounds.map((r) => r.id)],
    );
    const [profile] = await e2eSql<{ username: string }>('select username from public.profiles where id = $1', [me.id]);
    await signInPage(page, me);
    await page.goto(`/leaderboard?mes=${month!.key}`);
    await page.getByRole('table').getByRole('button', { name: new RegExp(`^${escape(shownName(profile!.username))}`) }).first().click();
    const chart = page.getByRole('dialog').getByRole('img', { name: /^Puntos por quiniela/ });
    await expect(chart).toBeVisible({ timeout: 30_000 });
    // Under the bars, the days, each whole (not cut to "Quiniela del…").
    const names = chart.locator(':scope > div').nth(1).locator(':scope > span');
    const short = MONTHS[month!.m - 1]!.slice(0, 3);
    await expect(names).toHaveText(days.map((d) => `${d} ${short}`));
    for (const name of await names.all()) expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // The whole names: each bar's tooltip, and the chart's accessible name.
    const bars = chart.locator(':scope > div').first().locator(':scope > div');
    await expect(bars.nth(0)).toHaveAttribute('title', `Quiniela del 7 de ${word}`);
    await expect(chart).toHaveAttribute('aria-label', `Puntos por quiniela: Quiniela del 7 de ${word}, 11; Quiniela del 14 de ${word}, 12; Quiniela del 21 de ${word}, 13.`);
  } finally {
    await e2eSql('delete from public.quinielas where id = any($1::bigint[])', [rounds.map((r) => r.id)]);
  }
});
