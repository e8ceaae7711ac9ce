// Finding things and hitting them (issue 32, points 7 and 10 and the extras): the admin finds
// /admin in every menu and is asked in the product's own dialog; every target a finger hits is at
// least 44×44 px; the visitor header keeps "Crear cuenta" on one line at 320 px and with a large
// font; the Boost history is paged and starts when the player did; the spec's trial pages lead
// somewhere; the header's countdown and the offline strip are said once, not on every tick.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createPlayer, serviceWorkerInControl, signInPage, signInPlayer } from '../support/e2e-players.ts';
import { e2eSql } from '../support/e2e-standings.ts';

test.describe.configure({ timeout: 90_000 });

/** Width and height of each of `targets` that is smaller than 44×44 px (WCAG 2.5.5). */
async function tooSmall(targets: Locator): Promise<string[]> {
  const small: string[] = [];
  for (const target of await targets.all()) {
    if (!(await target.isVisible())) continue;
    const box = (await target.boundingBox())!;
    const name = ((await target.getAttribute('aria-label')) ?? (await target.innerText())).trim().slice(0, 30);
    if (box.width < 44 || box.height < 44) small.push(`${name}: ${Math.round(box.width)}×${Math.round(box.height)}`);
  }
  return small;
}

test('the admin finds the admin area in the nav, the account menu and the phone menu; a player does not', async ({ browser, page }) => {
  const admin = await signInPlayer('admin@quinielazo.mx', 'Admin1234');
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-MX' });
  const wide = await desktop.newPage();
  await signInPage(wide, admin);
  await wide.goto('/inicio');
  await expect(wide.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  await wide.getByRole('button', { name: /^Menú de cuenta/ }).click();
  await expect(wide.getByRole('menu', { name: 'Cuenta' }).getByRole('menuitem', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  await desktop.close();

  await signInPage(page, admin);
  await page.goto('/inicio');
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  const player = await browser.newPage();
  await signInPage(player, await createPlayer('noadmin'));
  await player.goto('/inicio');
  await player.getByRole('banner').getByRole('button', { name: /^Menú de cuenta/ }).click();
  await expect(player.getByRole('menu', { name: 'Cuenta' }).getByRole('menuitem')).toHaveText(['Mi resumen', 'Configuración', 'Cerrar sesión']);
  await player.close();
});

test("the admin's irreversible actions ask in the product's own dialog, and Cancelar does nothing", async ({ page }) => {
  const admin = await signInPlayer('admin@quinielazo.mx', 'Admin1234');
  const browserDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    browserDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const [round] = await e2eSql<{ id: string }>(`select id from public.quinielas where results_saved = false order by deadline limit 1`);
  await signInPage(page, admin);
  await page.goto('/admin/simulate-scores');
  await page.getByRole('combobox').first().selectOption(round!.id);
  await page.getByRole('button', { name: 'Calcular y guardar puntuaciones' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmar' });
  await expect(confirm).toContainText('¿Guardar estas puntuaciones para todos los jugadores?');
  // The product's dialog closes with a finger-sized ×, as every target (40 px on a walk, 2026-11-28).
  expect(await tooSmall(confirm.getByRole('button', { name: 'Cerrar' }))).toEqual([]);
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: /puntuaciones/i })).toHaveCount(0);
  expect(browserDialogs).toEqual([]);
});

test('every target a finger hits is at least 44×44 px', async ({ page }) => {
  await signInPage(page, await createPlayer('dedos'));
  await page.goto('/settings');
  await expect(page.getByRole('switch').first()).toBeVisible();
  expect(await tooSmall(page.getByRole('switch'))).toEqual([]);
  expect(await tooSmall(page.getByRole('contentinfo').getByRole('link'))).toEqual([]);

  await page.goto('/leaderboard');
  const names = page.getByRole('table').getByRole('button');
  await expect(names.first()).toBeVisible();
  expect(await tooSmall(names)).toEqual([]);
  expect(await tooSmall(page.getByRole('tab'))).toEqual([]);

  await page.goto('/dashboard');
  const previous = page.getByRole('button', { name: 'Ver resultados previos' });
  await expect(previous).toBeVisible({ timeout: 20_000 });
  expect(await tooSmall(previous)).toEqual([]);

  // The home's card links beside their titles (20 px high on a walk, 2026-11-28); the seed's
  // round is open, so "Jugar" is there.
  await page.goto('/inicio');
  const cardLinks = page.getByRole('main').getByRole('link', { name: /^(Ver tabla|Reglas|Jugar)$/ });
  await expect(cardLinks).toHaveCount(3, { timeout: 20_000 });
  expect(await tooSmall(cardLinks)).toEqual([]);
});

test('the visitor header keeps "Crear cuenta" on one line at 320 px and with a large font', async ({ browser }) => {
  for (const fontSize of ['100%', '150%']) {
    const context = await browser.newContext({ viewport: { width: 320, height: 640 }, locale: 'es-MX' });
    const page = await context.newPage();
    await page.goto('/rules');
    await page.addStyleTag({ content: `html { font-size: ${fontSize} !important }` });
    const header = page.getByRole('banner');
    for (const name of ['Crear cuenta', 'Iniciar sesión']) {
      const link = header.getByRole('link', { name });
      await expect(link).toBeVisible();
      const { lines, right } = await link.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        return { lines: tops.size, right: el.getBoundingClientRect().right };
      });
      expect(lines, `${name} at ${fontSize}`).toBe(1);
      expect(right, `${name} at ${fontSize}`).toBeLessThanOrEqual(320);
    }
    await context.close();
  }
});

test('the Boost history is paged and starts on the day the player joined', async ({ page }) => {
  const player = await createPlayer('historial');
  // He joined 30 days ago (by the database clock): the seeded games since then are his to see.
  await e2eSql(`update auth.users set created_at = now() - interval '30 days' where id = $1`, [player.id]);
  const [counts] = await e2eSql<{ since: number; before: number; first: string }>(
    `select count(*) filter (where game_date >= (now() at time zone 'America/Mexico_City')::date - 30)::int as since,
            count(*) filter (where game_date < (now() at time zone 'America/Mexico_City')::date - 30)::int as before,
            ((now() at time zone 'America/Mexico_City')::date - 30)::text as first
       from public.daily_games where game_date >= (now() at time zone 'America/Mexico_City')::date - 120
         and game_date <= (now() at time zone 'America/Mexico_City')::date + 1`,
  );
  expect(counts!.since, 'more games since he joined than one page holds').toBeGreaterThan(20);
  expect(counts!.before, 'games from before he joined').toBeGreaterThan(0);
  await signInPage(page, await signInPlayer(player.email));
  await page.goto('/quinielazo-boost-historial');
  const items = page.getByRole('list', { name: 'Juegos del Boost' }).getByRole('listitem');
  await expect(items).toHaveCount(20);
  const more = page.getByRole('button', { name: /^Ver más/ });
  await more.click();
  await expect(items).toHaveCount(Math.min(40, counts!.since));
  while (await more.isVisible()) await more.click();
  await expect(items).toHaveCount(counts!.since);
  // None from before he joined.
  const days = await page.getByRole('list', { name: 'Juegos del Boost' }).locator('time').evaluateAll((times) => times.map((t) => t.getAttribute('datetime')!));
  expect(days.filter((day) => day < counts!.first)).toEqual([]);
});

test("the spec's trial pages lead to the home and the dashboard", async ({ page }) => {
  await page.goto('/test-home');
  await expect(page).toHaveURL(/\/$/);
  await signInPage(page, await createPlayer('prueba'));
  await page.goto('/test-dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
});

/** Everything said by live regions (status, alert, aria-live) in the page, as a screen reader hears them. */
function liveTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="status"], [role="alert"], [aria-live="polite"], [aria-live="assertive"]')]
      .filter((el) => el.getAttribute('aria-live') !== 'off')
      .map((el) => (el.textContent ?? '').trim())
      .filter(Boolean),
  );
}

test('the countdown banner and the offline strip are announced once, in words that do not tick', { tag: '@service-worker' }, async ({ page, context }) => {
  await signInPage(page, await createPlayer('lector'));
  await page.goto('/settings');
  await serviceWorkerInControl(page);
  const banner = page.getByRole('banner');
  const said = banner.getByRole('status').filter({ hasText: /^La quiniela de la semana cierra el / });
  await expect(said).toBeAttached();
  // The ticking link is no live region: what is announced names the deadline, not minutes left.
  const ticking = banner.getByRole('link', { name: /cierra en/ });
  await expect(ticking).toBeVisible();
  expect(await ticking.evaluate((el) => el.closest('[role="status"], [role="alert"], [aria-live]:not([aria-live="off"])') === null)).toBe(true);
  expect((await liveTexts(page)).filter((text) => /\d+ min/.test(text))).toEqual([]);

  // The offline strip's region is in the page before the signal goes, so its words are announced.
  const strip = page.getByRole('status').filter({ hasText: 'Sin conexión' });
  await expect(strip).toHaveCount(0);
  const regions = await page.getByRole('status').count();
  await context.setOffline(true);
  await expect(strip).toBeVisible();
  expect(await page.getByRole('status').count()).toBe(regions);
});
