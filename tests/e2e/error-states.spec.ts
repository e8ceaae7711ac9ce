// The error messages of docs/product.md#messages on screen, each produced by a request that
// really fails (the browser refuses or the server answers 500 for that one call); nothing else
// of the app is replaced.
import { expect, test } from '@playwright/test';
import { createPlayer, signInPage } from '../support/e2e-players.ts';

test('a round that cannot load says so, with Reintentar that loads it again', async ({ page }) => {
  let fail = true;
  await page.route('**/rest/v1/quinielas?**', (route) => (fail ? route.abort('connectionfailed') : route.continue()));
  await page.goto('/quinielazo-de-la-semana');
  // While online, postgrest-js retries a failed read three times (after 1, 2 and 4 s) before the
  // screen may say so: the deadline covers those 7 s plus loading the app on a busy machine.
  await expect(page.getByText('No pudimos cargar la quiniela.')).toBeVisible({ timeout: 30_000 });
  fail = false;
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('list', { name: 'Partidos' })).toBeVisible();
});

test('a leaderboard that cannot load says so instead of showing an empty month, and Reintentar reads it again', async ({ page }) => {
  let fail = true;
  await page.route('**/rest/v1/rpc/get_monthly_leaderboard**', (route) => (fail ? route.abort('connectionfailed') : route.continue()));
  await page.goto('/leaderboard');
  // The same deadline as the round above: postgrest-js retries a failed read first.
  await expect(page.getByText('No pudimos cargar la tabla de posiciones.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('No hay datos del ranking este mes')).toHaveCount(0);
  fail = false;
  await page.getByRole('button', { name: 'Reintentar' }).click();
  // Read now: the month's table, or its empty state early in a month before any round is scored.
  await expect(page.getByRole('table').or(page.getByText('No hay datos del ranking este mes'))).toBeVisible();
  await expect(page.getByText('No pudimos cargar la tabla de posiciones.')).toHaveCount(0);
});

test('a poll that cannot load says so on the dashboard', async ({ page }) => {
  await signInPage(page, await createPlayer('encuestafalla'));
  await page.route('**/rest/v1/polls?**', (route) => route.fulfill({ status: 500, json: { message: 'caída' } }));
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Encuesta' })).toContainText('Error al cargar la encuesta. Por favor, intenta recargar la página.');
});

test('the forgotten-password mail that cannot be sent says so, and keeps the address', async ({ page }) => {
  await page.route('**/auth/v1/recover**', (route) => route.fulfill({ status: 500, json: { code: 500, error_code: 'unexpected_failure', msg: 'caída' } }));
  await page.goto('/forgot-password');
  await page.getByLabel('Correo electrónico').fill('ana@quinielazo.mx');
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByText('Hubo un error al enviar el correo. Intenta nuevamente.')).toBeVisible();
  await expect(page.getByLabel('Correo electrónico')).toHaveValue('ana@quinielazo.mx');
});

test('a notice preference that cannot be saved says so and keeps the switch where it was', async ({ page }) => {
  await signInPage(page, await createPlayer('avisofalla'));
  await page.goto('/settings');
  const news = page.getByRole('switch', { name: 'Novedades' });
  const before = await news.getAttribute('aria-checked');
  await page.route('**/rest/v1/notification_preferences?**', (route) =>
    route.request().method() === 'GET' ? route.continue() : route.fulfill({ status: 500, json: { message: 'caída' } }),
  );
  await news.click();
  await expect(page.getByText('Error al actualizar preferencias.')).toBeVisible();
  await expect(news).toHaveAttribute('aria-checked', before!);
});

test('the reset-password page without a session says how to get one', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText(/No tienes una sesión activa\. Por favor inicia sesión desde/)).toBeVisible();
});

test("the header's name comes back after its read failed online, without a reload", async ({ page }) => {
  const player = await createPlayer('cabecera');
  await signInPage(page, player);
  // Every try of the first read fails (postgrest-js's own three retries included); the app tries
  // again by itself, and that read answers.
  let failures = 0;
  await page.route('**/rest/v1/profiles?**', (route) => {
    if (route.request().url().includes(`id=eq.${player.id}`) && route.request().url().includes('referral_code') && failures < 4) {
      failures += 1;
      return route.abort('connectionfailed');
    }
    return route.continue();
  });
  await page.goto('/inicio');
  await expect.poll(() => failures).toBe(4);
  await expect(page.getByTestId('header-username')).toHaveText(/^cabecera_/, { timeout: 30_000 });
});
