// Issue 44, item 10, at 390 px: the first days of a month do not look dead. Until the player has
// points in the new month, his home shows his final numbers of the last one, /mis-quinielas opens
// on the last month he has rounds in, and a liga where nobody has points yet shows last month's
// final table; each says so. Arranged relative to the database clock, so it holds on any day:
// two new players whose only points are in a round of last month.
import { expect, test } from '@playwright/test';
import { createPlayer, signInPage } from '../support/e2e-players.ts';
import { clearOfMidnight } from '../support/e2e-clock.ts';
import { e2eSql } from '../support/e2e-standings.ts';

// A home's reads on a busy two-core machine.
test.describe.configure({ timeout: 120_000 });
const DATA = { timeout: 30_000 };

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

test('item 10: with no points this month yet, the home, the history and the liga show last month, and say so', async ({ page }) => {
  // "Last month" must stay last month while the journey runs.
  await clearOfMidnight('month');
  const [me, friend] = await Promise.all([createPlayer('inicio'), createPlayer('inicio')]);
  const { data, error } = await me.api.rpc('create_league', { name: `Arranque ${Date.now().toString(36)}` });
  if (error) throw error;
  const { id: leagueId, code } = data[0]!;
  expect((await friend.api.rpc('join_league', { code })).error).toBeNull();
  const [clock] = await e2eSql<{ this_m: number; last_m: number; round_id: string; round_name: string }>(
    `with start as (select date_trunc('month', now() at time zone 'America/Mexico_City') as t),
          liga as (update public.leagues set created_at = ((select t from start) at time zone 'America/Mexico_City') - interval '20 days' where id = $1),
          r as (insert into public.quinielas (name, week, deadline, results_saved)
                select 'Quiniela de cierre ' || substr(md5(random()::text), 1, 6), 1, (t - interval '10 days') at time zone 'America/Mexico_City', true from start
                returning id, name)
     select extract(month from t)::int as this_m, extract(month from t - interval '1 month')::int as last_m,
            (select id from r)::text as round_id, (select name from r) as round_name
     from start`,
    [leagueId],
  );
  await e2eSql('insert into public.scores (user_id, quiniela_id, correct, points) values ($1, $3, 8, 30), ($2, $3, 5, 12)', [me.id, friend.id, clock!.round_id]);
  const thisMonth = MONTHS[clock!.this_m - 1]!;
  const lastMonth = MONTHS[clock!.last_m - 1]!;
  try {
    await signInPage(page, me);

    // The home: his final numbers of last month, said so.
    await page.goto('/dashboard');
    const stats = page.getByRole('region', { name: /^Tus números/ });
    await expect(stats).toContainText(`Aún no sumas puntos en ${thisMonth}: estos son tus números finales de ${lastMonth}.`, DATA);
    await expect(stats.getByRole('definition').first()).toHaveText('30');

    // The history: last month's round, said so.
    await page.goto('/mis-quinielas');
    await expect(page.getByRole('status').filter({ hasText: `Aún no tienes quinielas calificadas en ${thisMonth}: ves las de ${lastMonth}.` })).toBeVisible(DATA);
    await expect(page.getByRole('list', { name: 'Quinielas calificadas' }).getByRole('listitem').filter({ hasText: clock!.round_name })).toContainText('30 pts');

    // The liga: last month's final table, not everyone at 0.
    await page.goto(`/ligas/${leagueId}`);
    await expect(page.getByRole('status').filter({ hasText: `Aún nadie suma puntos en ${thisMonth}: esta es la tabla final de ${lastMonth}.` })).toBeVisible(DATA);
    const table = page.getByRole('table', { name: /Tabla de la liga/ });
    await expect(table.getByRole('row').nth(1).getByRole('cell').nth(4)).toHaveText('30');
    await expect(table.getByRole('row').nth(2).getByRole('cell').nth(4)).toHaveText('12');
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [clock!.round_id]);
  }
});

test("item 10: with no points in the liga this month yet, /inicio's \"Mis ligas\" gives last month's final place, said so", async ({ page }) => {
  await clearOfMidnight('month');
  const [owner, me] = await Promise.all([createPlayer('inicio'), createPlayer('inicio')]);
  const { data, error } = await owner.api.rpc('create_league', { name: `Arranque ${Date.now().toString(36)}` });
  if (error) throw error;
  const { id: leagueId, code } = data[0]!;
  expect((await me.api.rpc('join_league', { code })).error).toBeNull();
  // By the database clock: the liga exists since last month; its only points are a round of last month.
  const [clock] = await e2eSql<{ last_m: number; round_id: string }>(
    `with start as (select date_trunc('month', now() at time zone 'America/Mexico_City') as t),
          liga as (update public.leagues set created_at = ((select t from start) at time zone 'America/Mexico_City') - interval '20 days' where id = $1),
          r as (insert into public.quinielas (name, week, deadline, results_saved)
                select 'Quiniela de cierre ' || substr(md5(random()::text), 1, 6), 1, (t - interval '10 days') at time zone 'America/Mexico_City', true from start
                returning id)
     select extract(month from t - interval '1 month')::int as last_m, (select id from r)::text as round_id from start`,
    [leagueId],
  );
  await e2eSql('insert into public.scores (user_id, quiniela_id, correct, points) values ($1, $3, 8, 30), ($2, $3, 5, 12)', [owner.id, me.id, clock!.round_id]);
  const lastMonth = MONTHS[clock!.last_m - 1]!;
  try {
    await signInPage(page, me);
    await page.goto('/inicio');
    // Not "Vas 1.º de 2" (everyone tied at 0 this month): second of two last month.
    const mine = page.getByRole('list', { name: 'Mis ligas' });
    await expect(mine).toContainText(`Quedaste 2.º de 2 en ${lastMonth}`, DATA);
    await expect(mine).not.toContainText('Vas 1.º');
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [clock!.round_id]);
  }
});
