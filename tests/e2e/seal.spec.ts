// A player checks on his phone that his picks of a closed round are in its public seal.
import { expect, test } from '@playwright/test';
import { createPlayer, signInPage } from '../support/e2e-players.ts';
import { e2eSql } from '../support/e2e-standings.ts';

test('a closed round he played shows his picks verified against the seal', async ({ page }) => {
  const player = await createPlayer('sello');
  // Closed a minute ago by the database's clock; he picked all three matches; then sealed.
  const [round] = await e2eSql<{ id: number }>(`insert into public.quinielas (name, week, deadline) values ('Sellada', 1, now() - interval '1 minute') returning id`);
  await e2eSql(`insert into public.matches (quiniela_id, match_order, home_team, away_team) values ($1, 1, 'León', 'Atlas'), ($1, 2, 'Pumas', 'Tigres'), ($1, 3, 'Toluca', 'Puebla')`, [round!.id]);
  await e2eSql(`insert into public.picks (user_id, match_id, result) select $1, id, 'Local' from public.matches where quiniela_id = $2`, [player.id, round!.id]);
  await e2eSql('select public.seal_due_rounds()');
  const [seal] = await e2eSql<{ root: string }>('select root from public.round_seals where quiniela_id = $1', [round!.id]);

  await signInPage(page, player);
  await page.goto(`/picks?quiniela=${round!.id}`);
  // Said in a fan's words; the seal itself is one tap away.
  const sealed = page.getByRole('status', { name: 'Predicciones selladas' });
  await expect(sealed).toContainText('Tus predicciones quedaron selladas al cierre ✓');
  await expect(sealed.getByText(seal!.root.slice(0, 12))).toBeHidden();
  await sealed.getByText('Tus predicciones quedaron selladas al cierre ✓').click();
  await expect(sealed.getByText(seal!.root.slice(0, 12))).toBeVisible();
  await e2eSql('delete from public.quinielas where id = $1', [round!.id]);
});
