// Journey (4): a finalized round shows, per match, the vote percentages and whether the
// player's pick was right; picks cannot change. Ana (seed) played most finalized rounds.
import { expect, test } from '@playwright/test';
import { serviceClient, signInPage, signInPlayer } from '../support/e2e-players.ts';
import { e2eSql } from '../support/e2e-standings.ts';

// Installing the service worker (precaching the shell) on a busy machine takes a while.
test.describe.configure({ timeout: 60_000 });

/**
 * The newest of the seed's finalized rounds (ids 1–13) that the player played; other specs
 * create and finalize rounds of their own in parallel, which he never saw.
 */
async function latestSeedRoundPlayed(player: Awaited<ReturnType<typeof signInPlayer>>) {
  const played = await player.api.from('picks').select('quiniela_id').lte('quiniela_id', 13);
  if (played.error) throw played.error;
  const round = await serviceClient()
    .from('quinielas')
    .select('id, name')
    .eq('results_saved', true)
    .in('id', [...new Set(played.data.map((p) => p.quiniela_id))])
    .order('deadline', { ascending: false })
    .limit(1)
    .single();
  if (round.error) throw round.error;
  return round.data;
}

test('a closed finalized round shows vote percentages and correct / incorrect picks', async ({ page }) => {
  const ana = await signInPlayer('ana@quinielazo.mx', 'Jugador123');
  const service = serviceClient();
  const round = { data: await latestSeedRoundPlayed(ana) };
  const matchRows = await service.from('matches').select('id, match_order, correct_result').eq('quiniela_id', round.data.id).order('match_order');
  if (matchRows.error) throw matchRows.error;
  const picks = await ana.api.from('picks').select('match_id, result').eq('quiniela_id', round.data.id);
  if (picks.error) throw picks.error;
  const pickOf = new Map(picks.data.map((p) => [p.match_id, p.result]));
  const correct = matchRows.data.filter((m) => pickOf.get(m.id) === m.correct_result).length;
  const incorrect = matchRows.data.filter((m) => pickOf.has(m.id) && pickOf.get(m.id) !== m.correct_result).length;
  expect(correct + incorrect).toBeGreaterThan(0);

  // The expected share of the first match, counted from the picks themselves (not through the
  // aggregate the screen uses), in the screen's one rounding: whole percentages adding up to 100,
  // the points left over going to the largest remainders (issue 44, item 7).
  const firstId = matchRows.data[0]!.id;
  const [counted] = await e2eSql<{ local: number; empate: number; visita: number }>(
    `select count(*) filter (where result = 'Local')::int as local, count(*) filter (where result = 'Empate')::int as empate,
            count(*) filter (where result = 'Visita')::int as visita from public.picks where match_id = $1`, [firstId]);
  const exact = [counted!.local, counted!.empate, counted!.visita].map((votes) => (votes * 100) / (counted!.local + counted!.empate + counted!.visita));
  const floors = exact.map(Math.floor);
  const leftOver = 100 - floors.reduce((a, b) => a + b, 0);
  const byRemainder = [0, 1, 2].sort((a, b) => exact[b]! - floors[b]! - (exact[a]! - floors[a]!));
  const localShare = floors[0]! + (byRemainder.slice(0, leftOver).includes(0) ? 1 : 0);

  await signInPage(page, ana);
  await page.goto(`/picks?quiniela=${round.data.id}`);
  await expect(page.getByText('Cerrada', { exact: true })).toBeVisible();
  await expect(page.getByText('Tiempo agotado')).toBeVisible();
  const matches = page.getByRole('list', { name: 'Partidos' }).getByRole('group');
  await expect(matches).toHaveCount(matchRows.data.length);
  await expect(matches.first().getByRole('button', { name: /^Local/ })).toBeDisabled();
  await expect(matches.first().getByRole('button', { name: /^Local/ })).toContainText(`${localShare}%`);
  await expect(page.getByText('✓ Acertaste')).toHaveCount(correct);
  await expect(page.getByText(/^✗ Fallaste/)).toHaveCount(incorrect);
  await expect(page.getByRole('button', { name: /Guardar/ })).toHaveCount(0);
});

test('the closed round the player last viewed opens again offline', { tag: '@service-worker' }, async ({ page, context }) => {
  const ana = await signInPlayer('ana@quinielazo.mx', 'Jugador123');
  await signInPage(page, ana);
  const round = await latestSeedRoundPlayed(ana);
  await page.goto('/picks-selector');
  await page.getByRole('listitem').filter({ hasText: round.name }).first().getByRole('link', { name: 'Ver' }).click();
  await expect(page.getByText('✓ Acertaste').first()).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/^Sin conexión: ves la copia de esta quiniela guardada el /)).toBeVisible();
  await expect(page.getByText('✓ Acertaste').first()).toBeVisible();
});
