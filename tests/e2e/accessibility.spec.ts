// axe-core on every screen, as each kind of user meets it: visitors and players on a phone,
// the admin on a desktop. Any serious or critical violation fails, with its rule and nodes.
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { createPlayer, currentRoundId, signInPage } from '../support/e2e-players.ts';
import { e2eSql } from '../support/e2e-standings.ts';

const VISITOR_SCREENS = [
  '/', '/leaderboard', '/quinielazo-de-la-semana', '/rules', '/faq', '/blog', '/blog/que-es-quinielazo',
  '/contactanos', '/privacidad', '/login', '/signup', '/forgot-password', '/pagina-que-no-existe', '/pro',
];
const PLAYER_SCREENS = ['/inicio', '/dashboard', '/picks?quiniela=current', '/picks-selector', '/mis-quinielas', '/quinielazo-boost-historial', '/settings', '/reset-password'];
const ADMIN_SCREENS = [
  '/admin', '/admin/create', '/admin/edit', '/admin/simulate-scores', '/admin/ver-picks',
  '/admin/quinielazo-reminder', '/admin/trigger-emails', '/admin/enviar-emails', '/admin/analytics', '/admin/encuestas',
  '/admin/daily-game', '/admin/daily-scores',
];

/** Serious and critical violations of a screen once it has settled (data loaded, no spinner). */
async function violations(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status', { name: /cargando/i })).toHaveCount(0);
  // Then down to the end, so what loads when the reader comes near (the round chat) is checked
  // too: two frames let its observer see it, then it must settle as well.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(page.getByRole('status', { name: /cargando/i })).toHaveCount(0);
  return seriousViolations(page, path, { bestPractice: true });
}

// The walks below pass when axe finds nothing: this one shows it still finds what it must, in
// the app's own page once the app has taken over (a faint text and a button with no name).
test('the check finds a faint text and a nameless button on a screen', async ({ page }) => {
  await page.goto('/rules');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  await page.locator('main').evaluate((main) => {
    const faint = document.createElement('p');
    faint.textContent = 'Gris sobre blanco';
    faint.style.color = '#dddddd';
    main.append(faint, document.createElement('button'));
  });
  const found = await seriousViolations(page, '/rules');
  expect(found).toEqual([expect.stringMatching(/^\/rules button-name \(critical\)/), expect.stringMatching(/^\/rules color-contrast \(serious\)/)]);
});

test('visitor screens have no serious or critical accessibility violations', async ({ page }) => {
  test.setTimeout(240_000);
  const found: string[] = [];
  for (const path of VISITOR_SCREENS) found.push(...(await violations(page, path)));
  expect(found).toEqual([]);
});

test("a month's table with its podium and empty places (fewer than 20 players) reads as well as a full one", async ({ page }) => {
  // A past month of its own with three players in it: the podium's three medals (the bronze was
  // white on amber-600, 3.2:1, seen only when a visitor's month had a third place), and 17 places
  // as placeholders (the first days of every month look like this; their numbers were slate-300
  // on white, 1.5:1).
  const players = await Promise.all([createPlayer('axemes'), createPlayer('axemes'), createPlayer('axemes')]);
  const [{ month }] = await e2eSql<{ month: string }>(
    `with d as (select date_trunc('month', now() at time zone 'America/Mexico_City') - interval '6 years 2 months' as m),
          r as (insert into public.quinielas (name, week, deadline)
                select 'Quiniela ' || substr(md5(random()::text), 1, 6), 1, (m + interval '12 days') at time zone 'America/Mexico_City' from d returning id),
          ms as (insert into public.matches (quiniela_id, match_order, home_team, away_team, correct_result)
                 select r.id, n, 'Local ' || n, 'Visita ' || n, 'Local' from r, generate_series(1, 12) n returning id)
     select to_char(m, 'YYYY-MM') as month from d`,
  );
  // 12, 8 and 4 right: three places.
  for (const [i, player] of players.entries()) {
    await e2eSql(
      `insert into public.picks (user_id, match_id, result)
       select $1, m.id, 'Local' from public.matches m join public.quinielas q on q.id = m.quiniela_id
        where to_char(q.deadline at time zone 'America/Mexico_City', 'YYYY-MM') = $2 and m.home_team like 'Local %' and m.match_order <= $3`,
      [player.id, month, 12 - 4 * i],
    );
  }
  await e2eSql(`update public.quinielas set results_saved = true where to_char(deadline at time zone 'America/Mexico_City', 'YYYY-MM') = $1`, [month]);
  await page.goto(`/leaderboard?mes=${month}&orden=quinielazo`);
  // Three places taken, the other 17 of the 20 shown as placeholders.
  await expect(page.getByRole('table').getByText('Lugar disponible')).toHaveCount(17);
  expect(await violations(page, `/leaderboard?mes=${month}&orden=quinielazo`)).toEqual([]);
});

test('player screens have no serious or critical accessibility violations', async ({ page }) => {
  test.setTimeout(240_000);
  const player = await createPlayer('axe');
  await signInPage(page, player);
  // A liga of his own: its page and its invitation (the WhatsApp button's contrast was missed
  // while no walk opened them).
  const { data: liga, error } = await player.api.rpc('create_league', { name: 'Los compas de axe' });
  if (error) throw error;
  const found: string[] = [];
  const round = await currentRoundId();
  for (const path of [...PLAYER_SCREENS, '/ligas', `/ligas/${liga[0]!.id}`, `/liga/${liga[0]!.code}`, '/pro', `/pro/${round}`, `/pro/${round}/resultados`]) {
    found.push(...(await violations(page, path)));
  }
  expect(found).toEqual([]);
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

  test('admin screens have no serious or critical accessibility violations', async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill('admin@quinielazo.mx');
    await page.getByLabel('Contraseña', { exact: true }).fill('Admin1234');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const found: string[] = [];
    for (const path of ADMIN_SCREENS) found.push(...(await violations(page, path)));
    expect(found).toEqual([]);
  });
});
