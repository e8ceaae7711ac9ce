// The dashboard ranks the previous month while one of that month's rounds is still unscored
// (so on the 1st the month's last round keeps counting), and the current month once it is.
import { expect, test } from '@playwright/test';
import { createPlayer, signInPage } from '../support/e2e-players.ts';
import { e2eSql } from '../support/e2e-standings.ts';
import { monthName, monthPhrase } from '../support/shown.ts';

test('the dashboard shows last month while its last round awaits results, then this month', async ({ page }) => {
  // The months by the database's clock, and a round that closed on the last day of last month.
  const [clock] = await e2eSql<{ this_year: number; this_month: number; last_year: number; last_month: number }>(
    `select extract(year from m)::int as this_year, extract(month from m)::int as this_month,
            extract(year from m - interval '1 month')::int as last_year, extract(month from m - interval '1 month')::int as last_month
     from (select date_trunc('month', now() at time zone 'America/Mexico_City') as m) t`,
  );
  const [round] = await e2eSql<{ id: number }>(
    `insert into public.quinielas (name, week, deadline)
     values ('Última de ' || $1, 1, (date_trunc('month', now() at time zone 'America/Mexico_City') - interval '2 hours') at time zone 'America/Mexico_City')
     returning id`,
    [monthName({ year: clock!.last_year, month: clock!.last_month })],
  );
  try {
    await signInPage(page, await createPlayer('mes'));
    await page.goto('/dashboard');
    await expect(page.getByText(`Tu resumen de ${monthPhrase({ year: clock!.last_year, month: clock!.last_month })}.`)).toBeVisible();

    await e2eSql('update public.quinielas set results_saved = true where id = $1', [round!.id]);
    await page.reload();
    await expect(page.getByText(`Tu resumen de ${monthPhrase({ year: clock!.this_year, month: clock!.this_month })}.`)).toBeVisible();
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [round!.id]);
  }
});
