// Issue 44, item 3, at 390 px: the month's race chart and the table read the same numbers. A
// round is scored and, before any hourly snapshot of the ranks, the player's line ends where
// the table puts him (it read "todavía sin lugar en el ranking" under "Posición #8"); in a past
// month too, which no snapshot saw (a month's #2 with 176 points read "Aún sin lugar en el
// ranking de este mes" over an empty chart), and the chart names the month it is about.
import { expect, test } from '@playwright/test';
import { createPlayer, signInPage } from '../support/e2e-players.ts';
import { e2eSql, scoreARoundLastMonth, scoreARoundThisMonth } from '../support/e2e-standings.ts';
import { shownName } from '../support/shown.ts';

// A dashboard's reads and its lazy chart chunk on a busy two-core machine.
test.describe.configure({ timeout: 120_000 });

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

test('item 3: a round scored, the race chart ends on the rank the table gives, on the leaderboard and on the dashboard', async ({ page }) => {
  const me = await createPlayer('carrera');
  const round = await scoreARoundThisMonth(me.id);
  try {
    const [clock] = await e2eSql<{ key: string; m: number; day: number; username: string }>(
      `select to_char(now() at time zone 'America/Mexico_City', 'YYYY-MM') as key,
              extract(month from now() at time zone 'America/Mexico_City')::int as m,
              extract(day from now() at time zone 'America/Mexico_City')::int as day,
              (select username from public.profiles where id = $1) as username`,
      [me.id],
    );
    const monthWord = MONTHS[clock!.m - 1]!;
    const tableRank = async () =>
      (await e2eSql<{ rank_total: number }>(
        `select rank_total from public.monthly_standings_ranked
         where user_id = $1 and (year, month) = (select extract(year from t)::int, extract(month from t)::int from (select now() at time zone 'America/Mexico_City' as t) x)`,
        [me.id],
      ))[0]?.rank_total;
    await signInPage(page, me);

    // His score detail on this month's leaderboard: the line's last point is the table's rank.
    await expect(async () => {
      await page.goto(`/leaderboard?mes=${clock!.key}`);
      await page.getByRole('table').getByRole('button', { name: new RegExp(`^${shownName(clock!.username).replace('…', '.')}`) }).first().click();
      const race = page.getByRole('dialog').getByRole('img', { name: /^Tu posición en/ });
      await expect(race).toHaveAttribute('aria-label', /lugar el|sin lugar/, { timeout: 20_000 });
      const rank = await tableRank();
      expect(rank).toBeGreaterThan(0);
      await expect(race).toHaveAttribute('aria-label', `Tu posición en ${monthWord}: ${rank}.º lugar el ${clock!.day} de ${monthWord}.`, { timeout: 1_000 });
    }).toPass({ timeout: 90_000 });

    // The dashboard (this month, or last month while another test holds one of its rounds
    // unscored): "Posición" and the chart say the same.
    await expect(async () => {
      await page.goto('/dashboard');
      const stats = page.getByRole('region', { name: /Tus números/ });
      const position = stats.getByRole('definition').nth(1);
      // The chart is about the month the numbers are about, and names it.
      const shownMonth = /Tus números · (\p{L}+) \d{4}/u.exec((await stats.getByRole('heading').textContent({ timeout: 20_000 }))!)![1]!.toLowerCase();
      const race = page.getByRole('region', { name: `Tu carrera de ${shownMonth}` }).getByRole('img', { name: new RegExp(`^Tu posición en ${shownMonth}`) });
      await expect(race).toHaveAttribute('aria-label', /lugar el|sin lugar/, { timeout: 20_000 });
      const shown = (await position.textContent())!.trim();
      if (shown === '–') await expect(race).toHaveAttribute('aria-label', /sin lugar en el ranking/, { timeout: 1_000 });
      else await expect(race).toHaveAttribute('aria-label', new RegExp(`${shown.replace('.º', '')}\\.º lugar el \\d+ de [a-z]+\\.$`), { timeout: 1_000 });
    }).toPass({ timeout: 90_000 });
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [round]);
  }
});

test('item 3: a past month scored and never snapshotted, the dashboard and the leaderboard show its final place and the race ends there, naming the month', async ({ page }) => {
  const me = await createPlayer('pasado');
  // His only points: a round of last month by the database clock, so the dashboard shows that month (item 10).
  const round = await scoreARoundLastMonth(me.id);
  try {
    const [clock] = await e2eSql<{ y: number; m: number; key: string; last_day: number; username: string }>(
      `select extract(year from d)::int as y, extract(month from d)::int as m, to_char(d, 'YYYY-MM') as key,
              extract(day from d + interval '1 month' - interval '1 day')::int as last_day,
              (select username from public.profiles where id = $1) as username
       from (select date_trunc('month', now() at time zone 'America/Mexico_City') - interval '1 month' as d) t`,
      [me.id],
    );
    const monthWord = MONTHS[clock!.m - 1]!;
    // The month's table (other tests may add players to it while this one runs: read it each try).
    const tableRank = async () =>
      (await e2eSql<{ rank_total: number }>('select rank_total from public.monthly_standings_ranked where user_id = $1 and year = $2 and month = $3', [me.id, clock!.y, clock!.m]))[0]!
        .rank_total;
    const ended = (rank: number) => `Tu posición en ${monthWord}: ${rank}.º lugar el ${clock!.last_day} de ${monthWord}.`;
    await signInPage(page, me);

    // The dashboard: last month's numbers, said so, and last month's race under them, ending on "Posición".
    await expect(async () => {
      await page.goto('/dashboard');
      const stats = page.getByRole('region', { name: /Tus números/ });
      await expect(stats).toContainText(`estos son tus números finales de ${monthWord}.`, { timeout: 20_000 });
      const card = page.getByRole('region', { name: `Tu carrera de ${monthWord}` });
      await expect(card.getByRole('img', { name: /^Tu posición en/ })).toHaveAttribute('aria-label', /lugar el|sin lugar/, { timeout: 20_000 });
      const rank = await tableRank();
      await expect(stats.getByRole('definition').nth(1)).toHaveText(`${rank}.º`, { timeout: 1_000 });
      await expect(card.getByRole('img', { name: /^Tu posición en/ })).toHaveAttribute('aria-label', ended(rank), { timeout: 1_000 });
      await expect(card.getByText(`Terminaste ${monthWord} en ${rank}.º lugar.`)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 90_000 });

    // His score detail on that month's leaderboard: the same line.
    await expect(async () => {
      await page.goto(`/leaderboard?mes=${clock!.key}`);
      await page.getByRole('table').getByRole('button', { name: new RegExp(`^${shownName(clock!.username).replace('…', '.')}`) }).first().click();
      const race = page.getByRole('dialog').getByRole('img', { name: /^Tu posición en/ });
      await expect(race).toHaveAttribute('aria-label', /lugar el|sin lugar/, { timeout: 20_000 });
      await expect(race).toHaveAttribute('aria-label', ended(await tableRank()), { timeout: 1_000 });
    }).toPass({ timeout: 90_000 });
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [round]);
  }
});
