// A goal whose broadcast Realtime refused (issue 45, docs/match-day.md): the poller tries three
// times, then queues "read the round again" instead of the change (sent later, the change could
// undo a newer one). When Realtime is back the poller's next run sends it, and the open screen
// reads the round and shows the goal, without a reload: a phone at 390 px, on the weekly page.
import { expect, test } from '@playwright/test';
import { feedRound, footballHook, holdFeed, pickAll, realtimeOutage, releaseFeed, scheduled } from '../support/e2e-football.ts';
import { createPlayer, signInPage } from '../support/e2e-players.ts';
import { e2eSql } from '../support/e2e-standings.ts';

test.describe.configure({ timeout: 90_000 });
// Realtime's broadcasts are refused for the whole platform while this journey's poll runs, and
// only a poll of the feed sends the server's broadcasts: this journey holds the feed alone.
test.beforeEach(() => holdFeed('alone'));
test.afterEach(async () => {
  await realtimeOutage('none');
  await releaseFeed();
});

test('a goal Realtime refused reaches the open screen when Realtime is back: it reads the round again', async ({ page }) => {
  const r = await feedRound('Jornada sin señal', 10);
  try {
    const ana = await createPlayer('releer');
    await pickAll(ana.id, r.matches, ['Local', 'Empate']);
    await footballHook(`/fixtures/${r.fixtures[0]}/kickoff`);
    await scheduled('poll-live-scores');

    await signInPage(page, ana);
    await page.goto(`/quinielazo-de-la-semana?quiniela=${r.id}`);
    const score = page.getByRole('group', { name: 'América contra Chivas' }).getByTestId('live-score');
    await expect(score).toContainText('0 – 0');

    // The goal, while Realtime refuses every broadcast: the poller records it and, refused three
    // times, queues the round's "read again".
    await footballHook(`/fixtures/${r.fixtures[0]}/goal`, { team: 'home', minute: 12 });
    await realtimeOutage('unavailable');
    await scheduled('poll-live-scores');
    await realtimeOutage('none');
    const queued = () => e2eSql<{ read_again: boolean }>(
      `select (payload->'payload'->>'readAgain')::boolean as read_again from public.notification_outbox where channel = 'realtime' and quiniela_id = $1 and state = 'pending'`,
      [r.id],
    );
    expect(await queued()).toEqual([{ read_again: true }]);
    expect(await e2eSql(`select home_goals, away_goals from public.match_live where match_id = $1`, [r.matches[0]])).toEqual([{ home_goals: 1, away_goals: 0 }]);
    // Nothing told the screen yet.
    await expect(score).toContainText('0 – 0');

    // The retry's time comes (arranged, not waited for): the poller's next run sends it, and the
    // screen reads the round again.
    await e2eSql(`update public.notification_outbox set next_attempt_at = now() where channel = 'realtime' and quiniela_id = $1`, [r.id]);
    await e2eSql(`update public.live_feed set next_request_at = now() - interval '1 second'`);
    await scheduled('poll-live-scores');
    await expect(score).toContainText('1 – 0');
    await expect(score).toContainText("12'");
    await expect(page.getByRole('group', { name: 'América contra Chivas' }).getByText('Vas acertando (provisional)')).toBeVisible();
    expect(await queued()).toEqual([]);
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [r.id]);
  }
});
