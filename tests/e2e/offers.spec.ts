// The sponsors' offer and the leaderboard's promo block; and the analytics of a signed-in
// player reaching activity_logs in batches.
import { expect, test } from '@playwright/test';
import { createPlayer, serviceClient, signInPage } from '../support/e2e-players.ts';

test('the leaderboard shows the promo block and a sponsored offer that stays the same for the session', async ({ page }) => {
  await page.goto('/leaderboard');
  const promo = page.getByRole('complementary', { name: 'Juega' });
  await expect(promo.getByRole('link', { name: 'Regístrate gratis' })).toHaveAttribute('href', '/signup');
  const offer = page.getByRole('complementary', { name: 'Oferta de un patrocinador' });
  await expect(offer).toContainText('Juega con responsabilidad. Solo para mayores de 18 años.');
  const cta = offer.getByRole('link');
  await expect(cta).toHaveAttribute('target', '_blank');
  await expect(cta).toHaveAttribute('rel', 'sponsored noopener');
  const partner = await offer.getByText(/^Patrocinado · /).textContent();
  await page.goto('/quinielazo-de-la-semana');
  await expect(page.getByRole('complementary', { name: 'Oferta de un patrocinador' }).getByText(/^Patrocinado · /)).toHaveText(partner!);
});

test("a signed-in player's page views and offer clicks reach activity_logs", async ({ page, context }) => {
  const player = await createPlayer('actividad');
  await signInPage(page, player);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('¡Hola');
  await page.getByRole('link', { name: 'Mis quinielas' }).first().click();
  await expect(page).toHaveURL(/\/mis-quinielas/);
  // Its own heading: while the history loads the router keeps showing the dashboard, and a view
  // counts once the screen has resolved.
  await expect(page.getByRole('heading', { level: 1, name: 'Mis quinielas' })).toBeVisible();
  await page.goto('/leaderboard');
  const popup = context.waitForEvent('page');
  await page.getByRole('complementary', { name: 'Oferta de un patrocinador' }).getByRole('link').click();
  await (await popup).close();
  // Batched: they arrive within seconds, not request by request.
  await expect
    .poll(async () => {
      const { data } = await serviceClient().from('activity_logs').select('event_name, json').eq('user_id', player.id);
      return (data ?? []).map((r) => `${r.event_name} ${(r.json as { path?: string; cta?: string }).path ?? (r.json as { cta?: string }).cta}`).sort();
    }, { timeout: 20_000 })
    .toEqual(['cta_click offer', 'page_view /dashboard', 'page_view /leaderboard', 'page_view /mis-quinielas']);
});

test("a player's last page views still reach activity_logs when he signs out at once, and nothing is refused", async ({ page }) => {
  const player = await createPlayer('salida');
  await signInPage(page, player);
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/rest/v1/activity_logs') && r.status() >= 400) refused.push(`${r.status()}`);
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('¡Hola');
  await page.getByRole('link', { name: 'Mis quinielas' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mis quinielas' })).toBeVisible();
  // Well before the 5 s batch would leave on its own.
  await page.getByRole('button', { name: /^Menú de cuenta/ }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(async () => {
      const { data } = await serviceClient().from('activity_logs').select('json').eq('user_id', player.id).eq('event_name', 'page_view');
      return (data ?? []).map((r) => (r.json as { path: string }).path).sort();
    }, { timeout: 15_000 })
    .toEqual(['/dashboard', '/mis-quinielas']);
  expect(refused).toEqual([]);
});
