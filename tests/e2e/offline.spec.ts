// Journeys (2) and (3): picks changed with no signal stay on the phone across a reload, marked
// waiting, and reach the server when the signal returns; a change that waits past the round's
// close is marked not sent and the player is told.
import { expect, test, type Page } from '@playwright/test';
import { closeRoundNow, createPlayer, createRound, currentRoundId, serverPicks, serviceWorkerInControl, signInPage } from '../support/e2e-players.ts';
import { scoreARoundThisMonth } from '../support/e2e-standings.ts';

// Installing the service worker (precaching the shell) on a busy machine takes a while.
test.describe.configure({ timeout: 90_000 });

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
  const bar = page.getByRole('status', { name: 'Tus predicciones' });
  await expect(bar).toHaveText('✓ 12 de 12 guardadas · puedes cambiarlas hasta el cierre');
  return { player, roundId, matches, bar };
}

test('changes made offline survive a reload, then reach the server with a receipt', { tag: '@service-worker' }, async ({ page, context }) => {
  const { player, roundId, matches, bar } = await allLocalSaved(page, 'offline');

  await context.setOffline(true);
  await matches.nth(0).getByRole('button', { name: /^Visita/ }).click();
  await matches.nth(1).getByRole('button', { name: /^Empate/ }).click();
  // Both taps are on the phone (the outbox wrote them) before the reload: a reload within the
  // millisecond of a tap may lose that tap, which was never acknowledged.
  await expect(matches.nth(0).getByText('Pendiente de enviar')).toBeVisible();
  await expect(matches.nth(1).getByText('Pendiente de enviar')).toBeVisible();

  await page.reload();
  await expect(page.getByText(/^Sin conexión: ves la copia de esta quiniela guardada el /)).toBeVisible();
  await expect(matches.nth(0).getByRole('button', { name: /^Visita/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(matches.nth(1).getByRole('button', { name: /^Empate/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Pendiente de enviar')).toHaveCount(2);
  expect((await serverPicks(player, roundId))[1]).toBe('Local');

  await expect(bar).toHaveText('10 de 12 guardadas · 2 pendientes de enviar: se enviarán solas al volver la señal · puedes cambiarlas hasta el cierre');

  await context.setOffline(false);
  await expect(page.getByText('Pendiente de enviar')).toHaveCount(0);
  await expect(bar).toHaveText('✓ 12 de 12 guardadas · puedes cambiarlas hasta el cierre');
  const onServer = await serverPicks(player, roundId);
  expect([onServer[1], onServer[2], onServer[3]]).toEqual(['Visita', 'Empate', 'Local']);
});

test('a change made before the close but still waiting when it passes: the player is told it did not reach the server in time, and what counts', { tag: '@service-worker' }, async ({ page, context }) => {
  const player = await createPlayer('cierre');
  const round = await createRound(`Cierre con señal perdida ${Date.now()}`);
  await signInPage(page, player);
  await page.goto(`/picks?quiniela=${round.id}`);
  await serviceWorkerInControl(page);

  const first = page.getByRole('list', { name: 'Partidos' }).getByRole('group').first();
  await first.getByRole('button', { name: /^Local/ }).click();
  await expect(page.getByRole('status', { name: 'Tus predicciones' })).toHaveText('1 de 3 guardadas · puedes cambiarlas hasta el cierre');

  await context.setOffline(true);
  await first.getByRole('button', { name: /^Visita/ }).click();
  await expect(first.getByText('Pendiente de enviar')).toBeVisible();
  // The deadline passes while the change waits for a signal (the database clock decides).
  await closeRoundNow(round.id);

  await context.setOffline(false);
  // It was made before the close: what happened is that it reached the server after it.
  const late = first.getByText('No llegó al servidor antes del cierre: tu cambio a Visita no cuenta; cuenta Local.');
  await expect(late).toBeVisible();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('1 predicción hecha sin señal no llegó al servidor antes del cierre, así que no cuenta.');
  await expect(alert).not.toContainText('después del cierre');
  expect((await serverPicks(player, round.id))[1]).toBe('Local');

  // Never silently dropped: after a reload the refused pick is still shown as not sent, and the
  // pick that counts is the one shown as his.
  await page.reload();
  await expect(late).toBeVisible();
  await expect(first.getByRole('button', { name: /^Local/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(first.getByRole('button', { name: /^Visita/ })).toHaveAttribute('aria-pressed', 'false');
});

test('a pick made with no signal waits as pending, and the message comes when the last one reaches the server', { tag: '@service-worker' }, async ({ page, context }) => {
  const { player, roundId, matches, bar } = await allLocalSaved(page, 'aviso');
  const saved = page.getByText('Tus predicciones se guardaron correctamente.');

  await context.setOffline(true);
  await matches.nth(0).getByRole('button', { name: /^Visita/ }).click();
  await expect(bar).toHaveText('11 de 12 guardadas · 1 pendiente de enviar: se enviarán solas al volver la señal · puedes cambiarlas hasta el cierre');
  await expect(saved).toHaveCount(0);

  await context.setOffline(false);
  await expect(bar).toHaveText('✓ 12 de 12 guardadas · puedes cambiarlas hasta el cierre');
  await expect(saved).toBeVisible();
  expect((await serverPicks(player, roundId))[1]).toBe('Visita');
});

test('after a reload with no signal, the signal coming back brings the header and the screen up to date without another reload', { tag: '@service-worker' }, async ({ page, context }) => {
  const player = await createPlayer('regreso');
  await signInPage(page, player);
  await page.goto('/picks?quiniela=current');
  await serviceWorkerInControl(page);
  await expect(page.getByRole('list', { name: 'Partidos' }).getByRole('group')).toHaveCount(12);

  await context.setOffline(true);
  await page.reload();
  const savedCopy = page.getByText(/^Sin conexión: ves la copia de esta quiniela guardada el /);
  await expect(savedCopy).toBeVisible();
  // The header keeps his name offline, from the read cache (issue 32).
  await expect(page.getByTestId('header-username')).toHaveText(/^regreso_/);

  await context.setOffline(false);
  await expect(page.getByRole('banner').getByRole('link', { name: /[Cc]ierra en \d/ })).toBeVisible();
  await expect(savedCopy).toBeHidden();
  await expect(page.getByTestId('header-username')).toHaveText(/^regreso_/);
});

test('after a reload of the home with no signal, its figures load when the signal comes back', { tag: '@service-worker' }, async ({ page, context }) => {
  const player = await createPlayer('cifras');
  await signInPage(page, player);
  await page.goto('/inicio');
  await serviceWorkerInControl(page);
  const figures = page.getByRole('region', { name: /^Tus números/ });
  const points = figures.getByRole('definition').first();
  await expect(points).toHaveText('0');

  await context.setOffline(true);
  await page.reload();
  // Offline the figures come from the copy of the last visit, with its date (issue 32)…
  const savedCopy = page.getByText(/^Sin conexión: ves la copia de tu inicio guardada el /);
  await expect(savedCopy).toBeVisible();
  await expect(points).toHaveText('0');
  // …while a round is scored for him on the server.
  await scoreARoundThisMonth(player.id);

  await context.setOffline(false);
  // The home reads again when the signal returns (a busy CI machine takes its time).
  await expect(savedCopy).toBeHidden({ timeout: 30_000 });
  await expect(points).not.toHaveText('0');
  await expect(figures.getByText('Aún no tienes quinielas calificadas este mes.')).toHaveCount(0);
});
