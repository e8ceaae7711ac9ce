import { expect, test } from '@playwright/test';
import { expectedOpenRound } from '../support/e2e-api.ts';

test('the home page shows the open round of the seed with its 12 matches and crests', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));

  const round = await expectedOpenRound();
  expect(round.matches).toHaveLength(12);

  await page.goto('/');

  await expect(page.getByRole('link', { name: 'Quinielazo' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: round.name })).toBeVisible();
  await expect(page.getByText(`Quiniela abierta · Semana ${round.week}`)).toBeVisible();
  await expect(page.getByText(/\(hora del Centro\)/)).toBeVisible();

  const rows = page.getByRole('list', { name: 'Partidos' }).getByRole('listitem');
  await expect(rows).toHaveCount(12);
  for (const [i, match] of round.matches.entries()) {
    const row = rows.nth(i);
    await expect(row).toContainText(match.home);
    await expect(row).toContainText(match.away);
  }

  const crests = page.getByRole('list', { name: 'Partidos' }).getByRole('img');
  const withLogo = round.matches.flatMap((m) => [m.homeLogo, m.awayLogo]).filter(Boolean);
  expect(withLogo.length).toBeGreaterThan(0);
  await expect(crests).toHaveCount(withLogo.length);
  for (const crest of await crests.all()) {
    await crest.scrollIntoViewIfNeeded();
    await expect.poll(() => crest.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }

  expect(consoleErrors).toEqual([]);
});

test('an unknown address shows the Spanish not-found page with a way home', async ({ page }) => {
  await page.goto('/esta-pagina-no-existe');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
});
