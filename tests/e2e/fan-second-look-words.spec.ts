// Issue 44, item 13 (in part), at 390 px: the words on screen are Spanish, months in lower case,
// and the liga names who organises it without "Dueño".
import { expect, test } from '@playwright/test';
import { createPlayer, signInPage } from '../support/e2e-players.ts';

const DATA = { timeout: 30_000 };

test('item 13: "Organiza la liga", "Los 3 mejores de <mes>" in lower case, one rank format, and the bonus called "Sorpresa", not "Underdog"', async ({ page }) => {
  const owner = await createPlayer('organiza');
  const { data, error } = await owner.api.rpc('create_league', { name: `Palabras ${Date.now().toString(36)}` });
  if (error) throw error;
  await signInPage(page, owner);

  await page.goto(`/ligas/${data[0]!.id}`);
  const members = page.getByRole('list', { name: 'Miembros' });
  await expect(members).toContainText('Organiza la liga', DATA);
  await expect(page.getByText(/Dueño/)).toHaveCount(0);

  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: /^Los 3 mejores de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)$/ })).toBeVisible(DATA);
  await expect(page.getByText(/Top 3/)).toHaveCount(0);

  // One rank format, the Spanish ordinal: "Vas 1.º de 1", never "1°" or "#1".
  await page.goto('/inicio');
  await expect(page.getByRole('list', { name: 'Mis ligas' })).toContainText(/Vas \d+\.º de 1/, DATA);
  await expect(page.getByText(/\d°/)).toHaveCount(0);

  await page.goto('/rules');
  await expect(page.getByRole('main')).toContainText('Sorpresa');
  await expect(page.getByRole('main').getByText(/Underdog/)).toHaveCount(0);
});
