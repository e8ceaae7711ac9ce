import { expect, test } from '@playwright/test';
import { expectedOpenRound } from '../support/e2e-api.ts';
import { createPlayer, signInPage } from '../support/e2e-players.ts';

test('a visitor meets the hero, this week\'s round on a phone, how it works, the stats and the blog', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  const round = await expectedOpenRound();

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Juega la quiniela de la Liga MX y gana premios cada mes');
  await expect(page.getByRole('region', { name: 'Juega la quiniela de la Liga MX y gana premios cada mes' }).getByRole('link', { name: 'Regístrate gratis' })).toHaveAttribute('href', '/signup');

  // The phone: the open round's name and its first 8 matches, each with one choice lit.
  const phone = page.getByRole('figure', { name: 'Así se ve la quiniela de la semana' });
  await expect(phone).toContainText(round.name);
  const rows = phone.getByRole('list', { name: 'Partidos' }).getByRole('listitem');
  await expect(rows).toHaveCount(Math.min(8, round.matches.length));
  for (const [i, match] of round.matches.slice(0, 8).entries()) {
    await expect(rows.nth(i)).toContainText(`${match.home} vs ${match.away}`);
    // Readable, not only present: the hero's white text must not reach the white screen.
    await expect(rows.nth(i).getByText(match.home, { exact: false }).first()).not.toHaveCSS('color', 'rgb(255, 255, 255)');
    await expect(rows.nth(i).getByText(/^Ejemplo: (Local|Empate|Visita)$/)).toHaveCount(1);
  }
  await phone.getByRole('link', { name: 'Ver la quiniela completa' }).click();
  await expect(page).toHaveURL(/\/quinielazo-de-la-semana(\?quiniela=current)?$/);
  await page.goBack();

  const how = page.locator('#how-it-works');
  await expect(how.getByRole('listitem')).toHaveCount(3);
  for (const link of await how.getByRole('link').all()) await expect(link).toHaveAttribute('href', '/signup');
  const stats = page.getByRole('region', { name: 'Quinielazo en números' });
  await expect(stats.getByRole('definition').first()).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(stats.getByRole('definition').nth(2)).toHaveText('100%');
  await expect(page.getByRole('region', { name: 'Del blog' }).getByRole('article')).toHaveCount(2);
  expect(consoleErrors).toEqual([]);
});

test('on a phone the sticky sign-up button shows only while "how it works" is on screen, and never to players', async ({ page, browser }) => {
  await page.goto('/');
  const sticky = page.locator('.fixed').getByRole('link', { name: 'Regístrate gratis' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The button is the app's: scroll once the app runs (the header's actions appear when the
  // session is read, after hydration).
  await expect(page.getByRole('banner').getByRole('link', { name: 'Crear cuenta' })).toBeVisible();
  await expect(sticky).toHaveCount(0);
  await page.locator('#how-it-works').scrollIntoViewIfNeeded();
  await expect(sticky).toBeVisible();
  await page.getByRole('region', { name: 'Del blog' }).getByRole('article').last().scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(sticky).toHaveCount(0);

  const player = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await signInPage(player, await createPlayer('portada'));
  await player.goto('/');
  await expect(player.getByRole('link', { name: 'Hacer mis predicciones' })).toBeVisible();
  await player.locator('#how-it-works').scrollIntoViewIfNeeded();
  await expect(player.getByRole('link', { name: 'Regístrate gratis', exact: true })).toHaveCount(0);
  await player.close();
});

test('an unknown address shows the Spanish not-found page with a way home', async ({ page }) => {
  await page.goto('/esta-pagina-no-existe');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
});
