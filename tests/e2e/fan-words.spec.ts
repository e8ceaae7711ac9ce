// How the app reads to a Mexican fan (issue 32, points 4, 8 and 9): Spanish on screen where the
// spec quoted the original's English, no rank and no medal for a player without points in a
// ranking, counted words by the plural rules, one name per screen and per column, round titles
// that fit a 390 px phone, and a "results saved" round that does not look like an error.
import { expect, test, type Page } from '@playwright/test';
import { createPlayer, signInPage, signInPlayer, type E2ePlayer } from '../support/e2e-players.ts';
import { createRankedPlayers, e2eSql, scoreARoundThisMonth } from '../support/e2e-standings.ts';

test.describe.configure({ timeout: 90_000 });

/**
 * A finalized round with a deadline `at` (SQL, relative to the database clock) that `playerId`
 * played: `right` of 12 right (Local on 1…right), Empate on the rest. Its name ends in a tag.
 */
async function playedRound(playerId: string, right: number, at: string, name = `Quiniela ${Math.random().toString(36).slice(2, 8)}`): Promise<{ id: number; name: string }> {
  const [round] = await e2eSql<{ id: string }>(`insert into public.quinielas (name, week, deadline) values ($1, 1, ${at}) returning id`, [name]);
  await e2eSql(
    `insert into public.matches (quiniela_id, match_order, home_team, away_team, correct_result)
     select $1, n, 'Local ' || n, 'Visita ' || n, 'Local' from generate_series(1, 12) n`,
    [round!.id],
  );
  await e2eSql(
    `insert into public.picks (user_id, match_id, result)
     select $1, m.id, case when m.match_order <= $3 then 'Local' else 'Empate' end from public.matches m where m.quiniela_id = $2`,
    [playerId, round!.id, right],
  );
  await e2eSql('update public.quinielas set results_saved = true where id = $1', [round!.id]);
  return { id: Number(round!.id), name };
}

/** This month's first second or a minute ago, whichever is later (Mexico City, database clock). */
const THIS_MONTH = `greatest(now() - interval '1 minute', (date_trunc('month', now() at time zone 'America/Mexico_City') at time zone 'America/Mexico_City') + interval '1 second')`;

test('load failures say so in Spanish, never in the original English', async ({ page }) => {
  await signInPage(page, await createPlayer('espanol'));
  await page.route('**/rest/v1/rpc/get_monthly_leaderboard**', (route) => route.abort('connectionfailed'));
  await page.route('**/rest/v1/quinielas?**', (route) => route.abort('connectionfailed'));
  // postgrest-js retries a failed read for about 7 s before a screen may say so.
  await page.goto('/leaderboard');
  await expect(page.getByRole('alert')).toContainText('No pudimos cargar la tabla de posiciones.', { timeout: 30_000 });
  await page.goto('/picks-selector');
  await expect(page.getByRole('alert')).toContainText('No pudimos cargar las quinielas.', { timeout: 30_000 });
  await page.goto('/quinielazo-de-la-semana');
  await expect(page.getByRole('alert')).toContainText('No pudimos cargar la quiniela.', { timeout: 30_000 });
  await expect(page.getByText(/Error loading|Error fetching|created!/)).toHaveCount(0);
});

test('a ranking shows no rank and no medal for players without points, and says when nobody has any', async ({ page }) => {
  // A past month of its own, long before the seed's calendar, where this player plays a round
  // and gets nothing right: he is in that month's ranking with 0 points, and nobody there has a
  // Boost point (no test writes Boost games that far back).
  const [month] = await e2eSql<{ y: number; m: number; at: string; boost: number }>(
    `select extract(year from d)::int as y, extract(month from d)::int as m,
            ((d + interval '10 days 12 hours') at time zone 'America/Mexico_City')::text as at,
            (select count(*)::int from public.daily_scores s join public.daily_games g on g.id = s.daily_game_id
              where s.points > 0 and date_trunc('month', g.game_date::timestamp) = d) as boost
       from (select date_trunc('month', now() at time zone 'America/Mexico_City') - interval '7 years 5 months' as d) past`,
  );
  expect(month!.boost, 'nobody has Boost points in that month').toBe(0);
  const player = await createPlayer('sinpuntos');
  await playedRound(player.id, 0, `'${month!.at}'::timestamptz`);
  await signInPage(page, player);
  const key = `${month!.y}-${String(month!.m).padStart(2, '0')}`;

  await page.goto(`/leaderboard?mes=${key}&orden=boost`);
  await expect(page.getByRole('tabpanel')).toContainText('No hay datos del ranking este mes');
  await expect(page.getByRole('table')).toHaveCount(0);

  // This month another player has Boost points (made here: on the month's first days the seed's
  // may have none) and he, who only played a round, has none: on the Boost tab his own row has
  // no rank and no medal.
  await createRankedPlayers('conboost', 1, 2);
  await playedRound(player.id, 0, THIS_MONTH);
  await page.goto('/leaderboard?orden=boost');
  const own = page.locator('tr[data-own]');
  await expect(own).toContainText('Sin posición');
  await expect(own.locator('[data-rank]')).toHaveCount(0);
  // Those with points keep theirs: the leader's medal.
  await expect(page.locator('tbody tr').first().locator('[data-rank]')).toHaveText('1.º');
  // The column says what its tab says (a player with Quinielazo points this month made here: on
  // the month's first days nobody may have any yet, and the tab then shows no table).
  await scoreARoundThisMonth((await createPlayer('conquiniela')).id);
  await page.goto('/leaderboard?orden=quinielazo');
  await expect(page.getByRole('columnheader', { name: 'Quinielazo' })).toBeVisible();
  const header = await page.getByRole('columnheader', { name: 'Quinielazo' }).evaluate((th) => ({ text: th.textContent, fits: th.scrollWidth <= th.clientWidth }));
  expect(header).toEqual({ text: 'Quinielazo', fits: true });
});

test('counted words follow the plural rules, and each screen has one name', async ({ page }) => {
  const player = await createPlayer('plural');
  await playedRound(player.id, 1, THIS_MONTH);
  // One Boost game already played and scored, worth 1 point to him.
  const [game] = await e2eSql<{ id: string; correct_answer: string }>(
    `select id, correct_answer from public.daily_games where lock_date < now() and correct_answer is not null order by lock_date desc limit 1`,
  );
  await e2eSql('insert into public.daily_game_picks (user_id, daily_game_id, answer) values ($1, $2, $3)', [player.id, game!.id, game!.correct_answer]);
  await e2eSql('insert into public.daily_scores (user_id, daily_game_id, points) values ($1, $2, 1)', [player.id, game!.id]);
  await signInPage(page, player);

  await page.goto('/dashboard');
  await expect(page.getByText('1 acierto en 1 quiniela (de 12 por quiniela).')).toBeVisible({ timeout: 20_000 });
  await page.goto('/quinielazo-boost-historial?filtro=jugados');
  await expect(page.getByRole('list', { name: 'Juegos del Boost' }).getByText(/^Correcto \+1 pt$/)).toBeVisible();

  // One name for each screen, in the menu, the quick actions and the screen's own title.
  await page.getByRole('banner').getByRole('button', { name: /^Menú de cuenta/ }).click();
  const menu = page.getByRole('menu', { name: 'Cuenta' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Mi resumen', 'Configuración', 'Cerrar sesión']);
  await menu.getByRole('menuitem', { name: 'Configuración' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configuración');
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Accesos rápidos' }).getByRole('link', { name: /Configuración/ })).toBeVisible();
  await expect(page.getByText('Ajustes', { exact: true })).toHaveCount(0);
  await page.goto('/inicio');
  await expect(page.getByRole('navigation', { name: 'Accesos rápidos' }).getByRole('link', { name: /Mi resumen/ })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByText('Mi perfil')).toHaveCount(0);
  await expect(page).toHaveTitle(/Inicio/);
  await page.goto('/dashboard');
  await expect(page).toHaveTitle(/Mi resumen/);
});

test('fútbol is spelled one way', async ({ page }) => {
  for (const path of ['/', '/faq']) {
    await page.goto(path);
    await expect(page.locator('main')).toContainText('fútbol');
    expect(await page.locator('body').innerText()).not.toMatch(/\bfutbol\b/i);
  }
});

/** The list item of the round named `name` on /picks-selector. */
const roundItem = (page: Page, name: string) => page.getByRole('listitem', { name });

test('round titles fit the Quinielas list on a phone, and a scored round does not look like an error', async ({ page }) => {
  const player: E2ePlayer = await createPlayer('titulos');
  const long = `Quiniela del 5 de diciembre ${Date.now().toString(36)}`;
  const scored = await playedRound(player.id, 7, 'now() - interval \'1 minute\'', long);
  await signInPage(page, (await signInPlayer(player.email)) ?? player);
  await page.goto('/picks-selector');
  const item = roundItem(page, scored.name);
  await expect(item).toBeVisible();
  const title = item.getByText(scored.name, { exact: true });
  const fit = await title.evaluate((el) => ({ cut: el.scrollWidth > el.clientWidth, ellipsis: getComputedStyle(el).textOverflow === 'ellipsis' }));
  expect(fit).toEqual({ cut: false, ellipsis: false });
  // Its whole box is inside a 390 px screen.
  const box = (await title.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  // "Resultados guardados" is not painted as an error: no red stripe.
  const stripe = await item.evaluate((el) => getComputedStyle(el).borderLeftColor);
  const [r, g, b] = stripe.match(/\d+/g)!.map(Number);
  expect(r! > 180 && g! < 120 && b! < 120, `stripe ${stripe}`).toBe(false);
});
