// The admin's hold on a round that finalizes by itself (issue 45, docs/match-day.md "Results
// arrive by themselves"), on his desktop: on /admin/edit he ticks "Detener la finalización
// automática", every match reaches full time through the stand-in's match clock and the feed's
// results arrive, and two hours after the last whistle (arranged against the database clock, as
// the rule counts it) the scheduler's minute job leaves the round alone; he unticks it and the
// next run finalizes it. The scheduler's jobs are run as it runs them (tests/support/e2e-football.ts).
import { expect, test } from '@playwright/test';
import { feedRound, finalizeDueRounds, holdFeed, pickAll, playToFullTime, releaseFeed, scheduled, whistleAgo } from '../support/e2e-football.ts';
import { createPlayer, signInPage, signInPlayer } from '../support/e2e-players.ts';
import { e2eSql } from '../support/e2e-standings.ts';

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });
test.describe.configure({ timeout: 120_000 });
// The feed is one for the platform: shared with the other journeys that follow it (holdFeed).
test.beforeEach(() => holdFeed('shared'));
test.afterEach(releaseFeed);

const roundState = async (round: number) =>
  (await e2eSql<{ held: boolean; finalized: boolean }>('select finalize_hold as held, results_saved as finalized from public.quinielas where id = $1', [round]))[0]!;

test('the admin holds a round from finalizing by itself past the two hours, and unticking lets it finalize', async ({ page }) => {
  const tag = Date.now().toString(36);
  // A closed round whose two matches kicked off 110 minutes ago (database clock); Ana picked it.
  const round = await feedRound(`Jornada detenida ${tag}`);
  const ana = await createPlayer('detenida');
  await pickAll(ana.id, round.matches, ['Local', 'Empate']);

  const admin = await signInPlayer('admin@quinielazo.mx', 'Admin1234');
  await signInPage(page, admin);
  await page.goto('/admin/edit');
  await page.getByRole('combobox', { name: 'Quiniela', exact: true }).selectOption(String(round.id));
  const hold = page.getByRole('checkbox', { name: /^Detener la finalización automática/ });
  await expect(hold).not.toBeChecked();
  await hold.check();
  await expect(hold).toBeChecked();
  await expect.poll(async () => (await roundState(round.id)).held).toBe(true);

  // Full time on both through the stand-in's match clock (1–0, 0–0); the poller brings the results.
  await playToFullTime(round.fixtures[0]!, ['home']);
  await playToFullTime(round.fixtures[1]!);
  await scheduled('poll-live-scores');
  expect((await e2eSql<{ r: string }>('select correct_result as r from public.matches where quiniela_id = $1 order by match_order', [round.id])).map((m) => m.r))
    .toEqual(['Local', 'Empate']);

  // Two hours and a minute after the last whistle: the automatic finalization would fire now, but
  // the round is held.
  await whistleAgo(round.id, 121);
  await finalizeDueRounds();
  expect(await roundState(round.id)).toEqual({ held: true, finalized: false });
  const runs = await e2eSql<{ n: number }>('select count(*)::int as n from public.round_finalizations where quiniela_id = $1', [round.id]);
  expect(runs[0]!.n).toBe(0);

  // He lets it go: the scheduler's next run finalizes it, and Ana's points are scored.
  await page.reload();
  await page.getByRole('combobox', { name: 'Quiniela', exact: true }).selectOption(String(round.id));
  await expect(hold).toBeChecked();
  await hold.uncheck();
  await expect(hold).not.toBeChecked();
  await expect.poll(async () => (await roundState(round.id)).held).toBe(false);
  await finalizeDueRounds();
  expect(await roundState(round.id)).toEqual({ held: false, finalized: true });
  const [scored] = await e2eSql<{ correct: number }>('select correct from public.scores where user_id = $1 and quiniela_id = $2', [ana.id, round.id]);
  expect(scored!.correct).toBe(2);
  // The screen no longer offers the hold: the round is finalized.
  await page.reload();
  await page.getByRole('combobox', { name: 'Quiniela', exact: true }).selectOption(String(round.id));
  await expect(page.getByRole('combobox', { name: /^Resultado de / })).toHaveCount(2);
  await expect(hold).toHaveCount(0);
});
