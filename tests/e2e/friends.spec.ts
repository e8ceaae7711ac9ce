// Friends and referrals on /dashboard (390×844): the invitation link with its copy button and
// the referral card's figures; the friends ranking's empty state, adding a friend by username
// (looked up as he types; a double tap adds him once) and removing him.
import { expect, test } from '@playwright/test';
import { createPlayer, signInPage } from '../support/e2e-players.ts';
import { doubleSubmit, requestsTo } from '../support/double-tap.ts';

test('a player copies his invitation link, adds a friend by username to his ranking and removes him', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const [player, friend] = await Promise.all([createPlayer('amigos'), createPlayer('amigo')]);
  const [{ data: me }, { data: other }] = await Promise.all([
    player.api.from('profiles').select('username, referral_code').eq('id', player.id).single(),
    friend.api.from('profiles').select('username').eq('id', friend.id).single(),
  ]);
  await signInPage(page, player);
  await page.goto('/dashboard');

  const referral = page.getByRole('region', { name: 'Invita a tus amigos' });
  await expect(referral.getByLabel('Tu enlace de invitación')).toHaveValue(new RegExp(`/signup\\?ref=${me!.referral_code}$`));
  await expect(referral.getByRole('definition')).toHaveText(['0', '0', '0']);
  await referral.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(referral.getByRole('status')).toHaveText('¡Enlace copiado!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/signup\\?ref=${me!.referral_code}$`));

  const ranking = page.getByRole('region', { name: 'Tabla de amigos' });
  await expect(ranking).toContainText('Aún no tienes amigos en tu tabla.');
  const field = ranking.getByLabel('Agregar amigo por nombre de usuario');
  await field.fill('nadie_se_llama_asi');
  await expect(ranking.getByText('No existe un jugador con ese nombre.')).toBeVisible();
  await expect(ranking.getByRole('button', { name: 'Agregar' })).toBeDisabled();
  await field.fill(other!.username.toUpperCase());
  await expect(ranking.getByText(`✓ ${other!.username}`)).toBeVisible();
  // A double tap in one instant adds him once: one request, and the success stays on screen
  // (not the refusal of a second request, 'ya está en tus amigos').
  const adds = requestsTo(page, 'POST', '/rest/v1/friends');
  await doubleSubmit(ranking.locator('form'));
  await expect(ranking.getByText(`Agregaste a ${other!.username}.`)).toBeVisible();
  const table = ranking.getByRole('table', { name: 'Tabla de amigos del mes' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText(`${me!.username} (tú)`);
  await expect(ranking.getByText(`Agregaste a ${other!.username}.`)).toBeVisible();
  expect(adds).toHaveLength(1);
  await table.getByRole('button', { name: `Quitar a ${other!.username}` }).click();
  await expect(ranking.getByText(`Quitaste a ${other!.username}.`)).toBeVisible();
  await expect(ranking).toContainText('Aún no tienes amigos en tu tabla.');
});
