// Issue 44, a fan's second look at a liga, at 390 px: one rule for a liga place. A member without
// points this month has no place in the liga's table, so no movement arrow beside its "–", and
// /inicio's "Mis ligas" says so in words rather than "Vas 2.º de 2". In a past round, a member who
// made no picks in it (he joined later) has no place and no row of "Sin predicción": he is named
// apart. Arranged relative to the database clock.
import { expect, test } from '@playwright/test';
import { closeRoundNow, createPlayer, createRound, signInPage } from '../support/e2e-players.ts';
import { clearOfMidnight } from '../support/e2e-clock.ts';
import { e2eSql, scoreARoundThisMonth } from '../support/e2e-standings.ts';

test.describe.configure({ timeout: 120_000 });
const DATA = { timeout: 30_000 };

async function usernames(ids: string[]): Promise<Record<string, string>> {
  const rows = await e2eSql<{ id: string; username: string }>('select id, username from public.profiles where id = any($1)', [ids]);
  return Object.fromEntries(rows.map((p) => [p.id, p.username]));
}

test('a member without points this month has no place and no movement arrow; "Mis ligas" says he has no points yet', async ({ page }) => {
  await clearOfMidnight('month');
  const [me, friend] = await Promise.all([createPlayer('yo'), createPlayer('amiga')]);
  const { data, error } = await friend.api.rpc('create_league', { name: `Sin lugar ${Date.now().toString(36)}` });
  if (error) throw error;
  const { id: leagueId, code } = data[0]!;
  expect((await me.api.rpc('join_league', { code })).error).toBeNull();
  const names = await usernames([me.id, friend.id]);
  // Last month: I was 1st of the liga (30 to 12); this month only my friend has points.
  const [last] = await e2eSql<{ round_id: string }>(
    `with start as (select date_trunc('month', now() at time zone 'America/Mexico_City') as t),
          liga as (update public.leagues set created_at = ((select t from start) at time zone 'America/Mexico_City') - interval '20 days' where id = $1)
     insert into public.quinielas (name, week, deadline, results_saved)
     select 'Quiniela pasada ' || substr(md5(random()::text), 1, 6), 1, (t - interval '10 days') at time zone 'America/Mexico_City', true from start
     returning id::text as round_id`,
    [leagueId],
  );
  await e2eSql('insert into public.scores (user_id, quiniela_id, correct, points) values ($1, $3, 8, 30), ($2, $3, 5, 12)', [me.id, friend.id, last!.round_id]);
  const now = await scoreARoundThisMonth(friend.id);
  try {
    await signInPage(page, me);
    await page.goto(`/ligas/${leagueId}`);
    const table = page.getByRole('table', { name: /Tabla de la liga/ });
    // The table cuts a name at 15 characters.
    const friendRow = table.getByRole('row').filter({ hasText: names[friend.id]!.slice(0, 15) });
    await expect(friendRow.getByRole('cell').first()).toContainText('1.º', DATA);
    // His row went up from 2nd: the arrow says so.
    await expect(friendRow.getByRole('cell').first()).toContainText('Subió 1 lugar');
    // Mine: no place, and so nothing to have moved from (not "▼1 Bajó 1 lugar").
    const mine = table.getByRole('row').filter({ hasText: names[me.id]!.slice(0, 15) });
    await expect(mine.getByRole('cell').first()).toHaveText(/–\s*Sin posición/);
    await expect(mine.getByRole('cell').first()).not.toContainText(/[▲▼=]|Nuevo|respecto al mes pasado/);

    // /inicio agrees: no "Vas 2.º de 2", no points this month said in words.
    await page.goto('/inicio');
    const leagues = page.getByRole('list', { name: 'Mis ligas' });
    await expect(leagues).toContainText('Aún sin puntos este mes', DATA);
    await expect(leagues).not.toContainText('Vas ');
  } finally {
    await e2eSql('delete from public.quinielas where id = any($1)', [[last!.round_id, now]]);
  }
});

test('in a past round, a member who made no picks in it has no place and no row of "Sin predicción"; he is named apart', async ({ page }) => {
  const [owner, late] = [await createPlayer('tarde'), await createPlayer('tarde')];
  const { data, error } = await owner.api.rpc('create_league', { name: `Llegó tarde ${Date.now().toString(36)}` });
  if (error) throw error;
  const { id: leagueId, code } = data[0]!;
  const names = await usernames([owner.id, late.id]);
  const name = `Quiniela antes ${Date.now().toString(36)}`;
  const round = await createRound(name, 3);
  try {
    // The owner plays the round; it closes and is scored; only then the other one joins.
    await e2eSql(`insert into public.picks (user_id, match_id, result) select $1, id, 'Local' from public.matches where quiniela_id = $2`, [owner.id, round.id]);
    await closeRoundNow(round.id);
    await e2eSql(`update public.matches set correct_result = 'Local' where quiniela_id = $1`, [round.id]);
    await e2eSql('insert into public.scores (user_id, quiniela_id, correct, points) values ($1, $2, 3, 3) on conflict do nothing', [owner.id, round.id]);
    expect((await late.api.rpc('join_league', { code })).error).toBeNull();

    await signInPage(page, late);
    await page.goto(`/ligas/${leagueId}?quiniela=${round.id}&orden=quiniela`);
    const table = page.getByRole('table', { name: `Tabla de la liga en ${name}` });
    await expect(table.getByRole('row').filter({ hasText: names[owner.id]! })).toContainText('1.º', DATA);
    // He is not a row of the ranking (not "2.º … 0 0"): named apart, without a place.
    await expect(table.getByRole('row').filter({ hasText: names[late.id]! })).toHaveCount(0);
    await expect(page.getByText(`Sin predicciones en esta quiniela: ${names[late.id]} (tú).`)).toBeVisible();
    // Nor a row of "Sin predicción" in the picks grid.
    const grid = page.getByRole('table', { name: `Predicciones de la liga en ${name}` });
    await expect(grid.getByRole('row', { name: new RegExp(names[owner.id]!) })).toContainText('LLL');
    await expect(grid.getByRole('row', { name: new RegExp(names[late.id]!) })).toHaveCount(0);
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [round.id]);
  }
});
