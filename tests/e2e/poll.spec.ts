// The poll, end to end: the admin (desktop) creates a poll and opens it; a player (phone) votes
// on /dashboard (a double tap sends one vote), his options lock and the results show as percentages; the admin reads the vote.
import { expect, test } from '@playwright/test';
import { createPlayer, signInPage } from '../support/e2e-players.ts';
import { doubleSubmit, requestsTo } from '../support/double-tap.ts';

test('the admin opens a poll, a player votes and sees the results, the admin reads the vote', async ({ browser }) => {
  // Two browsers, a desktop and a phone, each loading the app: 26 s alone on an idle machine.
  test.setTimeout(90_000);
  const question = `¿Quién gana la final? ${Date.now().toString(36)}`;

  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  const admin = await desk.newPage();
  await admin.goto('/login');
  await admin.getByLabel('Correo electrónico').fill('admin@quinielazo.mx');
  await admin.getByLabel('Contraseña', { exact: true }).fill('Admin1234');
  await admin.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(admin).toHaveURL(/\/dashboard$/);
  await admin.goto('/admin/encuestas');
  await admin.getByRole('button', { name: 'Crear encuesta' }).click();
  await expect(admin.getByRole('alert')).toHaveText('Escribe la pregunta.');
  await admin.getByLabel('Pregunta').fill(question);
  await admin.getByLabel('Opciones (una por línea)').fill('Tigres');
  await admin.getByRole('button', { name: 'Crear encuesta' }).click();
  await expect(admin.getByRole('alert')).toHaveText('Escribe al menos dos opciones, una por línea.');
  await admin.getByLabel('Opciones (una por línea)').fill('Tigres\nRayados\n');
  await admin.getByRole('button', { name: 'Crear encuesta' }).click();
  await expect(admin.getByRole('main').getByRole('status')).toContainText('Encuesta creada.');
  const item = admin.getByRole('list', { name: 'Encuestas' }).getByRole('listitem').filter({ hasText: question });
  await expect(item).toContainText('Cerrada');
  await item.getByRole('button', { name: 'Abrir' }).click();
  await expect(item).toContainText('Abierta');

  const page = await browser.newPage();
  await signInPage(page, await createPlayer('encuesta'));
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Encuesta' });
  await expect(card).toContainText(question);
  await card.getByRole('button', { name: 'Votar' }).click();
  await expect(card.getByRole('alert')).toHaveText('Elige una opción.');
  await card.getByLabel('Rayados').check();
  // A double tap in one instant (both before React re-renders) sends one vote, not a second that
  // the database refuses and that would show its refusal over the first vote's success.
  const votes = requestsTo(page, 'POST', '/rest/v1/poll_votes');
  await doubleSubmit(card.locator('form'));
  await expect(card.getByRole('status')).toHaveText('Ya votaste en esta encuesta.');
  await expect(card.getByRole('alert')).toHaveCount(0);
  expect(votes).toHaveLength(1);
  await expect(card.getByLabel('Rayados')).toBeDisabled();
  await expect(card.getByLabel('Tigres')).toBeDisabled();
  // The only vote so far: 100% Rayados, 0% Tigres.
  await expect(card.getByText('100%', { exact: true })).toBeVisible();
  await expect(card.getByText('0%', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Encuesta' }).getByRole('status')).toHaveText('Ya votaste en esta encuesta.');

  await item.getByRole('button', { name: 'Ver respuestas' }).click();
  await expect(item.getByRole('list', { name: 'Votos por opción' })).toContainText('Rayados: 1 (100%)');
  await desk.close();
});
