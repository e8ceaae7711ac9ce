// Issue 32 as a first-time fan on a 390×844 phone meets it: the picks screen in every state it
// has (nothing picked, all saved, a pick waiting for a signal, closed awaiting results, closed
// with results) passes axe's colour-contrast rule; a closed round paints a wrong pick red, the
// real result green and a right pick green with a check; locked buttons look locked and say
// why; and /inicio opens with what the player must do next.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createLastGame, deleteGame } from '../support/e2e-boost.ts';
import { expectedOpenRound } from '../support/e2e-api.ts';
import { seriousViolations } from '../support/axe.ts';
import { closeRoundNow, createPlayer, createRound, signInPage } from '../support/e2e-players.ts';
import { scoreARoundThisMonth } from '../support/e2e-standings.ts';

// Five states and two rounds on a busy machine.
test.describe.configure({ timeout: 180_000 });

/** Serious or critical violations on the page as it is now, colour contrast included. */
const axe = (page: Page, state: string) => seriousViolations(page, `${state}:`, { why: true });

/** A computed colour as [r, g, b], whatever syntax the stylesheet used (oklch, hex). */
function rgb(locator: Locator, property: 'backgroundColor' | 'borderTopColor' | 'color'): Promise<number[]> {
  return locator.evaluate((el, prop) => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.fillStyle = getComputedStyle(el)[prop];
    ctx.fillRect(0, 0, 1, 1);
    return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  }, property);
}
const isRed = ([r, g, b]: number[]) => r! > 150 && g! < 90 && b! < 90;
const isGreen = ([r, g, b]: number[]) => g! > r! + 40 && g! > b!;
const isWhite = ([r, g, b]: number[]) => r! > 245 && g! > 245 && b! > 245;

test('the picks screen in every state: one status bar, readable colours, locked buttons that say why, a closed round in red and green', { tag: '@service-worker' }, async ({ page, context }) => {
  const player = await createPlayer('estados');
  const round = await createRound(`Estados ${Date.now()}`, 3);
  const scored = await scoreARoundThisMonth(player.id);
  await signInPage(page, player);
  const found: string[] = [];

  await page.goto(`/picks?quiniela=${round.id}`);
  const matches = page.getByRole('list', { name: 'Partidos' }).getByRole('group');
  const bar = page.getByRole('status', { name: 'Tus predicciones' });
  // The first read waits longer: a busy machine runs several browsers at once.
  await expect(bar).toHaveText('0 de 3 guardadas · puedes cambiarlas hasta el cierre', { timeout: 30_000 });
  found.push(...(await axe(page, 'open, nothing picked')));

  // Each tap is saved; the screen says so once, and when the last one lands.
  for (let i = 0; i < 3; i++) await matches.nth(i).getByRole('button', { name: /^Local/ }).click();
  await expect(bar).toHaveText('✓ 3 de 3 guardadas · puedes cambiarlas hasta el cierre');
  await expect(page.getByText('Tus predicciones se guardaron correctamente.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Guardar|Editar/ })).toHaveCount(0);
  // Each match says it is saved where it was tapped (issue 44, item 9), with no time printed.
  for (let i = 0; i < 3; i++) await expect(matches.nth(i)).toContainText('✓ Guardada');
  await expect(page.getByText(/\d{1,2}:\d{2}:\d{2}/)).toHaveCount(0);
  // Saved is not read-only: a pick still changes until the close.
  await expect(matches.first().getByRole('button', { name: /^Visita/ })).toBeEnabled();
  found.push(...(await axe(page, 'all saved')));

  await context.setOffline(true);
  await matches.nth(1).getByRole('button', { name: /^Empate/ }).click();
  await expect(bar).toHaveText('2 de 3 guardadas · 1 pendiente de enviar: se enviarán solas al volver la señal · puedes cambiarlas hasta el cierre');
  await expect(matches.nth(1).getByText('Pendiente de enviar')).toBeVisible();
  found.push(...(await axe(page, 'a pick waiting for a signal')));
  await context.setOffline(false);
  await expect(bar).toHaveText('✓ 3 de 3 guardadas · puedes cambiarlas hasta el cierre');

  // Closed, results not in: every button locked, looking locked, and the screen says why.
  await closeRoundNow(round.id);
  await page.reload();
  await expect(page.getByText('Cerrada', { exact: true })).toBeVisible({ timeout: 30_000 });
  const why = page.getByText('La quiniela ya cerró: las predicciones ya no se pueden cambiar.');
  await expect(why).toBeVisible();
  const locked = matches.first().getByRole('button', { name: /^Empate/ });
  await expect(locked).toBeDisabled();
  await expect(locked).toHaveAccessibleDescription(/La quiniela ya cerró/);
  expect(isWhite(await rgb(locked, 'backgroundColor')), 'a locked button does not look like one to tap').toBe(false);
  await expect(locked).toHaveCSS('cursor', 'not-allowed');
  found.push(...(await axe(page, 'closed, awaiting results')));

  // Closed with results: he said Local on 1–7 (right) and Empate on 8–12 (the result was Local).
  await page.goto(`/picks?quiniela=${scored}`);
  await expect(matches).toHaveCount(12, { timeout: 30_000 });
  const right = matches.nth(0).getByRole('button', { name: /^Local/ });
  const wrong = matches.nth(7).getByRole('button', { name: /^Empate/ });
  const result = matches.nth(7).getByRole('button', { name: /^Local/ });
  await expect(right).toContainText('✓');
  expect(isGreen(await rgb(right, 'backgroundColor')), 'a right pick is green').toBe(true);
  await expect(wrong).toContainText('✗');
  expect(isRed(await rgb(wrong, 'backgroundColor')), 'a wrong pick is red').toBe(true);
  await expect(result).toContainText('Resultado');
  expect(isGreen(await rgb(result, 'borderTopColor')), 'the real result is marked green').toBe(true);
  await expect(page.getByText('✓ Acertaste')).toHaveCount(7);
  found.push(...(await axe(page, 'closed with results')));

  expect(found).toEqual([]);
});

test('/inicio opens with what the player must do next: picks missing with the countdown and one tap, the Boost, points just in', async ({ page }) => {
  const player = await createPlayer('siguiente');
  await scoreARoundThisMonth(player.id);
  const game = await createLastGame('yesno', '¿Habrá más de 2 goles en el clásico?');
  try {
    await signInPage(page, player);
    await page.goto('/inicio');
    const next = page.getByRole('region', { name: 'Lo que sigue' });
    await expect(next).toContainText(/Te faltan tus \d+ predicciones/, { timeout: 30_000 });
    await expect(next).toContainText(/Cierra en (\d+ d )?\d+ h \d+ min/);
    await expect(next).toContainText('Boost sin responder');
    await expect(next).toContainText('Ya están tus puntos: ');
    await expect(next).toContainText('7 de 12 aciertos');
    // First under the greeting, inside the first screen, above the week's matches.
    const box = (await next.boundingBox())!;
    const week = (await page.getByRole('region', { name: 'Partidos de la semana' }).boundingBox())!;
    expect(box.y + box.height).toBeLessThan(844);
    expect(box.y).toBeLessThan(week.y);
    const go = next.getByRole('link', { name: 'Completar' });
    expect((await go.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    // One tap to the picks; with every match picked the home says so.
    await go.click();
    await expect(page).toHaveURL(/\/picks\?quiniela=current$/);
    const matches = page.getByRole('list', { name: 'Partidos' }).getByRole('group');
    // The board renders in slices (the first screen's cards first): count the round's matches
    // as the server has them, and wait for every card.
    const count = (await expectedOpenRound()).matches.length;
    await expect(matches).toHaveCount(count);
    for (let i = 0; i < count; i++) await matches.nth(i).getByRole('button', { name: /^Local/ }).click();
    await expect(page.getByRole('status', { name: 'Tus predicciones' })).toHaveText(`✓ ${count} de ${count} guardadas · puedes cambiarlas hasta el cierre`);
    await page.goto('/inicio');
    await expect(next).toContainText(`${count}/${count} ✓ Tu quiniela está completa`, { timeout: 30_000 });
  } finally {
    await deleteGame(game);
  }
});
