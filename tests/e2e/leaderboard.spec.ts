// Journey 5: the monthly leaderboard (own row under the divider, tabs that re-sort, the
// score-detail modal) and the player's history at /mis-quinielas.
import { expect, test, type Page } from '@playwright/test';
import { visitorClient } from '../support/e2e-api.ts';
import { createRankedPlayers, E2E_PASSWORD, scoreARoundThisMonth } from '../support/e2e-standings.ts';
import { monthName, monthPhrase, monthsBack, shownName, type Month as GameMonth } from '../support/shown.ts';

const ANA = { id: '5eed0000-0000-4000-8000-000000000001', email: 'ana@quinielazo.mx' };

async function signIn(page: Page, email: string, password = E2E_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function leaderboardMonthsFromApi(): Promise<GameMonth[]> {
  const { data, error } = await visitorClient().rpc('get_leaderboard_months');
  if (error) throw error;
  return data;
}

async function boardFromApi({ year, month }: GameMonth) {
  const { data, error } = await visitorClient().rpc('get_monthly_leaderboard', { month_input: month, year_input: year });
  if (error) throw error;
  return data;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exactly = (text: string) => new RegExp(escape(text));

/** The table's first player row (row 0 is the header). */
const firstRow = (page: Page) => page.getByRole('table').getByRole('row').nth(1);

test('a player outside the top 20 sees his own row under the divider', async ({ page }) => {
  const [current] = await leaderboardMonthsFromApi();
  const above = (await boardFromApi(current!)).filter((row) => row.total_points > 1).length;
  // Enough players with 2 points that 20 stand above a player with 1, whatever the seed's month holds.
  if (above < 20) await createRankedPlayers('relleno', 20 - above, 2);
  const [me] = await createRankedPlayers('abajo', 1, 1);

  await signIn(page, me!.email);
  await page.goto('/leaderboard');

  const own = page.getByRole('rowgroup', { name: 'Tu posición' });
  await expect(own.getByRole('button', { name: exactly(shownName(me!.username)) })).toBeVisible();
  await expect(own.getByRole('row')).toContainText('(tú)');
  // His name on one line on a 390 px phone, never broken mid-word (issue 44, item 12); the whole
  // name is a tap away, in the score detail (fan-second-look-names.spec.ts).
  const lines = await own.locator('[data-name]').evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
  expect(lines).toBe(1);
  // Not among the 20 above the divider.
  const topRows = page.getByRole('table').getByRole('rowgroup').nth(1).getByRole('row');
  await expect(topRows).toHaveCount(20);
  await expect(topRows.filter({ hasText: shownName(me!.username) })).toHaveCount(0);
});

test('the tabs re-sort: Boost and Quinielazo have different leaders', async ({ page }) => {
  // A month whose Boost leaders and weekly leaders are different players, as the API ranks them.
  let chosen: { month: GameMonth; boost: string[]; weekly: string[] } | undefined;
  // Past months only: other tests add players to the current one while this runs.
  for (const month of (await leaderboardMonthsFromApi()).slice(1)) {
    const rows = await boardFromApi(month);
    const boost = rows.filter((r) => r.rank_daily === 1).map((r) => shownName(r.username));
    const weekly = rows.filter((r) => r.rank_weekly === 1).map((r) => shownName(r.username));
    if (boost.length && weekly.length && !boost.some((name) => weekly.includes(name))) {
      chosen = { month, boost, weekly };
      break;
    }
  }
  expect(chosen, 'a seeded month whose Boost and weekly leaders differ').toBeDefined();
  const { month, boost, weekly } = chosen!;
  const oneOf = (names: string[]) => new RegExp(names.map(escape).join('|'));

  await page.goto('/leaderboard');
  await page.getByLabel('Mes').selectOption({ label: monthName(month) });
  // The chosen month's table, as the player sees it before sorting it.
  const table = page.getByRole('table', { name: `Tabla de posiciones de ${monthPhrase(month)}, ordenada por Total` });
  await expect(table).toBeVisible();

  await page.getByRole('tab', { name: 'Boost' }).click();
  // The sort lives in the address (a shared link keeps it), then on the tab and the table.
  await expect(page).toHaveURL(/[?&]orden=boost(&|$)/);
  await expect(page.getByRole('tab', { name: 'Boost' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: `Tabla de posiciones de ${monthPhrase(month)}, ordenada por Boost` })).toBeVisible();
  await expect(firstRow(page)).toContainText(oneOf(boost));

  await page.getByRole('tab', { name: 'Quinielazo' }).click();
  await expect(page).toHaveURL(/[?&]orden=quinielazo(&|$)/);
  await expect(page.getByRole('tab', { name: 'Quinielazo' })).toHaveAttribute('aria-selected', 'true');
  await expect(firstRow(page)).toContainText(oneOf(weekly));
  await expect(firstRow(page)).not.toContainText(oneOf(boost));
});

test('a row opens the score-detail modal, which closes on an outside click and on Escape', async ({ page }) => {
  // A player of this month arranged here (a Boost point and a scored round), signed in so his
  // row is on the table (in the top 20 or as his own row): the month has rows on its first day
  // as on its last, and the other tests' leaders stay where they are.
  const [leader] = await createRankedPlayers('modal', 1, 1);
  await scoreARoundThisMonth(leader!.id);
  await signIn(page, leader!.email);
  await page.goto('/leaderboard');
  await page.getByRole('tab', { name: 'Total' }).click();
  const name = shownName(leader!.username);
  const row = page.getByRole('table').getByRole('row').filter({ has: page.getByRole('button', { name: exactly(name) }) }).first();

  await row.click();
  const dialog = page.getByRole('dialog', { name: leader!.username });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: /Boost diario/ })).toBeVisible();
  await expect(dialog.getByText(/aciertos/).first()).toBeVisible();

  // Outside the panel: the top-left corner of the screen is backdrop.
  await page.mouse.click(4, 4);
  await expect(dialog).toBeHidden();

  await row.getByRole('button').click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('/mis-quinielas asks a visitor to sign in', async ({ page }) => {
  await page.goto('/mis-quinielas');
  await expect(page.getByText('Inicia sesión para ver tu historial.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmis-quinielas$/);
});

test('/mis-quinielas shows Ana her scored rounds and the picks of one', async ({ page }) => {
  // The newest of the last six months in which Ana has scored rounds, as the API reports them.
  const now = new Date();
  const current = (await leaderboardMonthsFromApi())[0]!;
  let found: { month: GameMonth; names: string[] } | undefined;
  for (const month of monthsBack(current, 6)) {
    const { data, error } = await visitorClient().rpc('get_user_scores_by_month', { user_id_input: ANA.id, month_input: month.month, year_input: month.year });
    if (error) throw error;
    if (data.length) {
      found = { month, names: data.map((r) => r.quiniela_name) };
      break;
    }
  }
  expect(found, `Ana has scored rounds in the six months up to ${now.toISOString()}`).toBeDefined();

  await signIn(page, ANA.email);
  await page.goto('/mis-quinielas');
  await page.getByLabel('Mes').selectOption({ label: monthName(found!.month) });
  const list = page.getByRole('list', { name: 'Quinielas calificadas' });
  for (const name of found!.names) await expect(list.getByRole('button', { name: exactly(name) })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(found!.names.length);

  await list.getByRole('button', { name: exactly(found!.names[0]!) }).click();
  const dialog = page.getByRole('dialog', { name: found!.names[0] });
  await expect(dialog.getByRole('list', { name: 'Partidos' }).getByRole('listitem')).toHaveCount(12);
  await expect(dialog.getByText('Tu predicción:').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
