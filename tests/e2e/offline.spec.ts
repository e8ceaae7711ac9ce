// Journeys (2) and (3): picks changed with no signal stay on the phone across a reload, marked
// waiting, and reach the server when the signal returns; a change that waits past the round's
// close is marked not sent and the player is told.
import { expect, test, type Page } from '@playwright/test';
import { closeRoundNow, createPlayer, createRound, currentRoundId, serverPicks, serviceWorkerInControl, signInPage } from '../support/e2e-players.ts';

// Installing the service worker (precaching the shell) on a busy machine takes a while.
test.describe.configure({ timeout: 60_000 });

/** A new player on the current round's /picks, with the service worker in control and all 12 picks on Local, each saved. */
async function allLocalSaved(page: Page, name: string) {
  const player = await createPlayer(name);
  const roundId = await currentRoundId();
  await signInPage(page, player);
  await page.goto('/picks?quiniela=current');
  await serviceWorkerInControl(page);
  const matches = page.getByRole('list', { name: 'Partidos' }).getByRole('group');
  await expect(matches).toHaveCount(12);
  for (let i = 0; i < 12; i++) await matches.nth(i).getByRole('button', { name: /^Local/ }).click();
  await expect(page.getByText(/Guardado ✓/)).toHaveCount(12);
  return { player, roundId, matches };
}

test('changes made offline survive a reload, then reach the server with a receipt', async ({ page, context }) => {
  const { player, roundId, matches } = await allLocalSaved(page, 'offline');

  await context.setOffline(true);
  await matches.nth(0).getByRole('button', { name: /^Visita/ }).click();
  await matches.nth(1).getByRole('button', { name: /^Empate/ }).click();
  await expect(matches.nth(0).getByText('Pendiente de enviar')).toBeVisible();

  await page.reload();
  await expect(page.getByText(/^Sin conexión: ves la copia de esta quiniela guardada el /)).toBeVisible();
  await expect(matches.nth(0).getByRole('button', { name: /^Visita/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(matches.nth(1).getByRole('button', { name: /^Empate/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Pendiente de enviar')).toHaveCount(2);
  expect((await serverPicks(player, roundId))[1]).toBe('Local');

  await context.setOffline(false);
  await expect(page.getByText('Pendiente de enviar')).toHaveCount(0);
  await expect(matches.nth(0).getByText(/Guardado ✓ \d{2}:\d{2}:\d{2}/)).toBeVisible();
  const onServer = await serverPicks(player, roundId);
  expect([onServer[1], onServer[2], onServer[3]]).toEqual(['Visita', 'Empate', 'Local']);
});

test('a change still waiting when the round closes is marked not sent and the player is told', async ({ page, context }) => {
  const player = await createPlayer('cierre');
  const round = await createRound(`Cierre con señal perdida ${Date.now()}`);
  await signInPage(page, player);
  await page.goto(`/picks?quiniela=${round.id}`);
  await serviceWorkerInControl(page);

  const first = page.getByRole('list', { name: 'Partidos' }).getByRole('group').first();
  await first.getByRole('button', { name: /^Local/ }).click();
  await expect(first.getByText(/Guardado ✓/)).toBeVisible();

  await context.setOffline(true);
  await first.getByRole('button', { name: /^Visita/ }).click();
  await expect(first.getByText('Pendiente de enviar')).toBeVisible();
  // The deadline passes while the change waits for a signal (the database clock decides).
  await closeRoundNow(round.id);

  await context.setOffline(false);
  await expect(first.getByText('No enviada: la quiniela ya cerró')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('la quiniela ya cerró');
  expect((await serverPicks(player, round.id))[1]).toBe('Local');

  // Never silently dropped: after a reload the refused pick is still shown as not sent.
  await page.reload();
  await expect(first.getByText('No enviada: la quiniela ya cerró')).toBeVisible();
});

test('a save made with no signal says so, and says the picks were saved once they reach the server', async ({ page, context }) => {
  const { player, roundId, matches } = await allLocalSaved(page, 'aviso');
  await page.getByRole('button', { name: 'Guardar Quiniela' }).click();
  await page.getByRole('button', { name: 'Editar Quiniela' }).click();

  await context.setOffline(true);
  await matches.nth(0).getByRole('button', { name: /^Visita/ }).click();
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  const offlineNotice = page.getByText('Sin conexión: tus predicciones quedaron guardadas en este teléfono y se enviarán solas al volver la señal.');
  await expect(offlineNotice).toBeVisible();

  await context.setOffline(false);
  await expect(matches.nth(0).getByText(/Guardado ✓ \d{2}:\d{2}:\d{2}/)).toBeVisible();
  await expect(offlineNotice).toHaveCount(0);
  await expect(page.getByText('Tus predicciones se guardaron correctamente.')).toBeVisible();
  expect((await serverPicks(player, roundId))[1]).toBe('Visita');
});

test('after a reload with no signal, the signal coming back brings the header and the screen up to date without another reload', async ({ page, context }) => {
  const player = await createPlayer('regreso');
  await signInPage(page, player);
  await page.goto('/picks?quiniela=current');
  await serviceWorkerInControl(page);
  await expect(page.getByRole('list', { name: 'Partidos' }).getByRole('group')).toHaveCount(12);

  await context.setOffline(true);
  await page.reload();
  const savedCopy = page.getByText(/^Sin conexión: ves la copia de esta quiniela guardada el /);
  await expect(savedCopy).toBeVisible();
  await expect(page.getByTestId('header-username')).not.toHaveText(/^regreso_/);

  await context.setOffline(false);
  await expect(page.getByTestId('header-username')).toHaveText(/^regreso_/);
  await expect(page.getByRole('banner').getByRole('link', { name: /[Cc]ierra en \d/ })).toBeVisible();
  await expect(savedCopy).toBeHidden();
});

test('after a reload of the home with no signal, its figures load when the signal comes back', async ({ page, context }) => {
  const player = await createPlayer('cifras');
  await signInPage(page, player);
  await page.goto('/inicio');
  await serviceWorkerInControl(page);
  const figures = page.getByRole('region', { name: /^Tus números/ });
  const points = figures.getByRole('definition').first();
  await expect(points).toHaveText('0');

  await context.setOffline(true);
  await page.reload();
  await expect(figures.getByText('No pudimos cargar tus números. Revisa tu conexión.')).toBeVisible();
  await expect(points).toHaveText('–');

  await context.setOffline(false);
  await expect(points).toHaveText('0');
  await expect(figures.getByText('Aún no tienes quinielas calificadas este mes.')).toBeVisible();
});
