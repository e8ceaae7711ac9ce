// Boost on a phone: a player answers each of the four types on /dashboard (exact score through
// the two selectors), updates and cancels; answers offline, reloads and sees the server's
// receipt when the signal returns; an answer still waiting when the game locks is marked not
// sent and the player is told; the history filters. Games are made relative to the database
// clock (tests/support/e2e-boost.ts); the journeys run one after another because each makes
// "the next game".
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createNextGame, deleteGame, lockGameNow, serverAnswer, twoClubs } from '../support/e2e-boost.ts';
import { createPlayer, serviceWorkerInControl, signInPage } from '../support/e2e-players.ts';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const card = (page: Page): Locator => page.getByRole('region', { name: '⚡ Boost del día' });

/** Presses the button and waits for the server's receipt of exactly this answer. */
async function submit(box: Locator, label: 'Responder' | 'Actualizar', answer: string) {
  await box.getByRole('button', { name: label }).click();
  await expect(box.getByTestId('boost-status')).toHaveText(new RegExp(`^Respuesta guardada ✓ \\d{2}:\\d{2}:\\d{2} · Tu respuesta: ${answer}$`));
}

test('a player answers each type, updates and cancels', async ({ page }) => {
  const player = await createPlayer('boost');
  await signInPage(page, player);
  const [home, away] = await twoClubs();
  const cases = [
    { type: 'match', first: 'Local', second: 'Visita', third: 'Empate' },
    { type: 'yesno', first: 'Sí', second: 'No', third: 'Sí' },
    { type: 'overunder', first: 'Más', second: 'Menos', third: 'Más' },
  ];
  for (const c of cases) {
    const question = `¿Prueba ${c.type} ${Date.now()}?`;
    const id = await createNextGame(c.type, question, 3, { home_team_id: home!.id, away_team_id: away!.id, team1_id: home!.id, team2_id: away!.id });
    try {
      await page.goto('/dashboard');
      const box = card(page);
      await expect(box.getByText(question)).toBeVisible();
      await expect(box.getByText(home!.name)).toBeVisible();
      await expect(box.getByText('+3 pts')).toBeVisible();
      await expect(box.getByText(/Cierra en/)).toBeVisible();
      await expect(box.getByRole('button', { name: 'Responder' })).toBeDisabled();
      await box.getByRole('button', { name: c.first, exact: true }).click();
      await submit(box, 'Responder', c.first);
      expect(await serverAnswer(player.id, id)).toBe(c.first);

      await box.getByRole('button', { name: c.second, exact: true }).click();
      await submit(box, 'Actualizar', c.second);
      expect(await serverAnswer(player.id, id)).toBe(c.second);

      await box.getByRole('button', { name: c.third, exact: true }).click();
      await box.getByRole('button', { name: 'Cancelar' }).click();
      await expect(box.getByRole('button', { name: c.second, exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(box.getByRole('button', { name: 'Actualizar' })).toBeDisabled();
      expect(await serverAnswer(player.id, id)).toBe(c.second);
    } finally {
      await deleteGame(id);
    }
  }

  const question = `Marcador exacto de prueba ${Date.now()}`;
  const id = await createNextGame('exactscore', question, 5, { home_team_id: home!.id, away_team_id: away!.id });
  try {
    await page.goto('/inicio');
    const box = card(page);
    await expect(box.getByText(question)).toBeVisible();
    await expect(box.getByText('VS')).toBeVisible();
    await box.getByLabel('Goles local').selectOption('2');
    await box.getByLabel('Goles visita').selectOption('1');
    await submit(box, 'Responder', '2-1');
    expect(await serverAnswer(player.id, id)).toBe('2-1');
    await box.getByLabel('Goles visita').selectOption('3');
    await submit(box, 'Actualizar', '2-3');
    expect(await serverAnswer(player.id, id)).toBe('2-3');

    // The lock passes (database clock): the next change is refused, kept and marked, and the card closes.
    await lockGameNow(id);
    await box.getByLabel('Goles visita').selectOption('4');
    await box.getByRole('button', { name: 'Actualizar' }).click();
    await expect(box.getByTestId('boost-status')).toContainText('No enviada: el Boost ya cerró');
    await expect(box.getByText('Este juego ya está cerrado.')).toBeVisible();
    expect(await serverAnswer(player.id, id)).toBe('2-3');
    await expect(box.getByLabel('Goles local')).toBeDisabled();
  } finally {
    await deleteGame(id);
  }
});

test('an answer made offline survives a reload and reaches the server with a receipt', async ({ page, context }) => {
  const player = await createPlayer('boostoff');
  const question = `¿Sin señal ${Date.now()}?`;
  const id = await createNextGame('yesno', question);
  try {
    await signInPage(page, player);
    await page.goto('/dashboard');
    await serviceWorkerInControl(page);
    const box = card(page);
    await expect(box.getByText(question)).toBeVisible();
    await box.getByRole('button', { name: 'Sí', exact: true }).click();
    await submit(box, 'Responder', 'Sí');

    await context.setOffline(true);
    await box.getByRole('button', { name: 'No', exact: true }).click();
    await box.getByRole('button', { name: 'Actualizar' }).click();
    await expect(box.getByTestId('boost-status')).toContainText('Pendiente de enviar');
    await expect(box.getByRole('alert')).toContainText('se enviará cuando vuelva la señal');

    await page.reload();
    // Promptly, within the default expect timeout: offline reads fail at once instead of waiting
    // out postgrest-js's retries (about 20 s for the dashboard's chained reads).
    await expect(box.getByText('Sin conexión: mostramos el Boost guardado en tu teléfono.')).toBeVisible();
    await expect(box.getByRole('button', { name: 'No', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(box.getByTestId('boost-status')).toContainText('Pendiente de enviar');
    expect(await serverAnswer(player.id, id)).toBe('Sí');

    await context.setOffline(false);
    await expect(box.getByTestId('boost-status')).toContainText(/Respuesta guardada ✓ \d{2}:\d{2}:\d{2}/);
    expect(await serverAnswer(player.id, id)).toBe('No');
  } finally {
    await deleteGame(id);
  }
});

test('an answer still waiting when the game locks is marked not sent and the player is told', async ({ page, context }) => {
  const player = await createPlayer('boostlock');
  const question = `¿Cierre sin señal ${Date.now()}?`;
  const id = await createNextGame('overunder', question);
  try {
    await signInPage(page, player);
    await page.goto('/dashboard');
    await serviceWorkerInControl(page);
    const box = card(page);
    await box.getByRole('button', { name: 'Más', exact: true }).click();
    await submit(box, 'Responder', 'Más');

    await context.setOffline(true);
    await box.getByRole('button', { name: 'Menos', exact: true }).click();
    await box.getByRole('button', { name: 'Actualizar' }).click();
    await expect(box.getByTestId('boost-status')).toContainText('Pendiente de enviar');
    // The lock passes while the answer waits for a signal (the database clock decides).
    await lockGameNow(id);
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(box.getByTestId('boost-status')).toContainText('No enviada: el Boost ya cerró');
    await expect(box.getByRole('alert')).toContainText('el Boost ya cerró');
    expect(await serverAnswer(player.id, id)).toBe('Más');
  } finally {
    await deleteGame(id);
  }
});

test('a visitor sees the next game as a read-only teaser on the home page', async ({ page }) => {
  const question = `¿Teaser ${Date.now()}?`;
  const [home, away] = await twoClubs();
  const id = await createNextGame('yesno', question, 4, { team1_id: home!.id, team2_id: away!.id });
  try {
    await page.goto('/');
    const teaser = page.getByRole('region', { name: '⚡ Reto Boost' });
    await expect(teaser.getByText(question)).toBeVisible();
    await expect(teaser.getByText('+4 pts')).toBeVisible();
    await expect(teaser.getByText(home!.name)).toBeVisible();
    await expect(teaser.getByRole('button')).toHaveCount(0);
    await teaser.getByRole('link', { name: 'Juega gratis' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  } finally {
    await deleteGame(id);
  }
});
