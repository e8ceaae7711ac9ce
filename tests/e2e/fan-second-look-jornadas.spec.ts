// Issue 44, item 11, at 390 px: a liga's round is easy to follow. An open round shows who has
// played (not everyone 1st at 0); any past round can be chosen, with everyone's picks; and the
// members × matches grid says that it scrolls.
import { expect, test } from '@playwright/test';
import { closeRoundNow, createPlayer, createRound, signInPage } from '../support/e2e-players.ts';
import { e2eSql } from '../support/e2e-standings.ts';

const DATA = { timeout: 30_000 };

test('item 11: an open round shows who has played; a past one is chosen from the list, its grid says it scrolls', async ({ page }) => {
  const [owner, member] = [await createPlayer('ronda'), await createPlayer('ronda')];
  const { data, error } = await owner.api.rpc('create_league', { name: `Rondas ${Date.now().toString(36)}` });
  if (error) throw error;
  const { id: leagueId, code } = data[0]!;
  expect((await member.api.rpc('join_league', { code })).error).toBeNull();
  const names = Object.fromEntries(
    (await e2eSql<{ id: string; username: string }>('select id, username from public.profiles where id = any($1)', [[owner.id, member.id]])).map((p) => [p.id, p.username]),
  );
  const name = `Quiniela seis ${Date.now().toString(36)}`;
  const round = await createRound(name, 6);
  try {
    await e2eSql(`insert into public.picks (user_id, match_id, result) select $1, id, 'Local' from public.matches where quiniela_id = $2`, [owner.id, round.id]);
    await signInPage(page, owner);

    // Open: who has played, no places.
    await page.goto(`/ligas/${leagueId}?quiniela=${round.id}&orden=quiniela`);
    const played = page.getByRole('table', { name: `Quién ya jugó ${name}` });
    await expect(played.getByRole('row').filter({ hasText: names[owner.id]! })).toContainText('✓ Ya jugó', DATA);
    await expect(played.getByRole('row').filter({ hasText: names[member.id]! })).toContainText('Aún no juega');
    await expect(page.getByRole('columnheader', { name: 'Pos.' })).toHaveCount(0);

    // It closes with everyone's picks and results; from the liga's page as it opens, the member
    // chooses it in the list of rounds.
    await e2eSql(`insert into public.picks (user_id, match_id, result) select $1, id, 'Visita' from public.matches where quiniela_id = $2`, [member.id, round.id]);
    await closeRoundNow(round.id);
    await e2eSql(`update public.matches set correct_result = 'Local' where quiniela_id = $1`, [round.id]);
    await page.goto(`/ligas/${leagueId}`);
    const chosen = page.getByRole('combobox', { name: 'Quiniela' });
    await expect(chosen).toBeVisible(DATA);
    await chosen.selectOption({ label: name });
    await expect(page).toHaveURL(new RegExp(`quiniela=${round.id}`));
    const grid = page.getByRole('table', { name: `Predicciones de la liga en ${name}` });
    await expect(grid.getByRole('row', { name: new RegExp(names[owner.id]!) })).toContainText('LLLLLL', DATA);
    await expect(grid.getByRole('row', { name: new RegExp(names[member.id]!) })).toContainText('VVVVVV');
    await expect(page.getByText('Desliza la tabla → para ver los 6 partidos.')).toBeVisible();
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [round.id]);
  }
});
