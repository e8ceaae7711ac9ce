// Issue 44, item 9, at 390 px: saving is seen where the thumb is. Each match says "✓ Guardado"
// under the pick just tapped, and the round's summary ("Tus picks") stays in view while the
// player scrolls through the 12 matches, not only below match 12.
import { expect, test } from '@playwright/test';
import { createPlayer, createRound, signInPage } from '../support/e2e-players.ts';
import { e2eSql } from '../support/e2e-standings.ts';

test('item 9: each match says it is saved where it was tapped, and the summary stays in view', async ({ page }) => {
  const player = await createPlayer('pulgar');
  const round = await createRound(`Quiniela pulgar ${Date.now().toString(36)}`, 12);
  try {
    await signInPage(page, player);
    await page.goto(`/picks?quiniela=${round.id}`);
    const matches = page.getByRole('list', { name: 'Partidos' }).getByRole('group');
    await expect(matches).toHaveCount(12, { timeout: 30_000 });
    const bar = page.getByRole('status', { name: 'Tus predicciones' });
    await expect(bar).toHaveText('0 de 12 guardadas · puedes cambiarlas hasta el cierre');
    // Opened at the top, the summary is already on the phone's screen.
    await expect(bar).toBeInViewport();

    // The first match: its own state under the buttons, the summary in view.
    await matches.nth(0).getByRole('button', { name: /^Local/ }).click();
    await expect(matches.nth(0)).toContainText('✓ Guardada');
    await expect(bar).toHaveText('1 de 12 guardadas · puedes cambiarlas hasta el cierre');
    await expect(bar).toBeInViewport();
    await expect(matches.nth(1)).not.toContainText('Guardada');

    // Halfway down: the same.
    await matches.nth(6).scrollIntoViewIfNeeded();
    await matches.nth(6).getByRole('button', { name: /^Visita/ }).click();
    await expect(matches.nth(6)).toContainText('✓ Guardada');
    await expect(matches.nth(6)).toBeInViewport();
    await expect(bar).toHaveText('2 de 12 guardadas · puedes cambiarlas hasta el cierre');
    await expect(bar).toBeInViewport();
    // The summary never covers the match being tapped: both are whole on the screen.
    const [barBox, matchBox] = [await bar.boundingBox(), await matches.nth(6).boundingBox()];
    expect(barBox!.y).toBeGreaterThanOrEqual(matchBox!.y + matchBox!.height - 1);
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [round.id]);
  }
});
