// "Goles de mis partidos" (issue 45) on a phone at 390 px: off by default; a player who switches
// it on in Settings gets a web push for a goal in a match he picked, saying what it does to his
// pick, and a player who did not switch it on gets nothing for the same goal. The push goes the
// whole way: the poller queues it and sends it at once, encrypted for the phone's keys, to a
// stand-in for the browser vendor's push service (tests/support/push-receiver.ts, on the one
// local port the platform's dispatcher may call); the phone's service worker then shows it
// (delivered through DevTools, tests/support/sw-push.ts, as the push service would hand it over).
// In quiet hours (23:00–08:00 hora del Centro, by the database clock) a goal is news now or
// never: nothing is queued or sent to anyone, and that is what the test then holds.
import { expect, test } from '@playwright/test';
import { feedRound, footballHook, holdFeed, pickAll, releaseFeed, scheduled } from '../support/e2e-football.ts';
import { createPlayer, serviceWorkerInControl, signInPage, type E2ePlayer } from '../support/e2e-players.ts';
import { e2eSql } from '../support/e2e-standings.ts';
import { browserKeys, decryptPush, startPushReceiver, type BrowserKeys } from '../support/push-receiver.ts';
import { pushTo } from '../support/sw-push.ts';

test.describe.configure({ timeout: 90_000 });
// The feed is one for the platform: shared with the other journeys that follow it (holdFeed).
test.beforeEach(() => holdFeed('shared'));
test.afterEach(releaseFeed);

test('a goal reaches the opted-in player by push, and only him', async ({ page, context }) => {
  const receiver = await startPushReceiver({ port: Number(process.env.PUSH_RECEIVER_PORT) });
  const r = await feedRound('Jornada de goles', 10);
  try {
    const [ana, beto] = await Promise.all([createPlayer('goles'), createPlayer('goles')]);

    // Ana switches the goal alerts on in Settings; Beto leaves them as they come (off).
    await context.grantPermissions(['notifications']);
    await signInPage(page, ana);
    await page.goto('/settings');
    const alerts = page.getByRole('switch', { name: 'Goles de mis partidos' });
    await expect(alerts).toHaveAttribute('aria-checked', 'false');
    await alerts.click();
    await expect(alerts).toHaveAttribute('aria-checked', 'true');
    const wants = async (p: E2ePlayer) => (await e2eSql<{ on: boolean }>('select goal_alerts as on from public.notification_preferences where user_id = $1', [p.id]))[0]!.on;
    await expect.poll(() => wants(ana)).toBe(true);
    expect(await wants(beto)).toBe(false);

    // Both have a phone subscribed, each with its own keys, and both picked América.
    const keys = new Map<string, BrowserKeys>();
    for (const p of [ana, beto]) {
      const k = browserKeys();
      keys.set(p.id, k);
      const { error } = await p.api.rpc('save_push_subscription', { p_endpoint: `${receiver.origin}/gol/${p.id}`, p_p256dh: k.p256dh, p_auth: k.auth });
      expect(error).toBeNull();
    }
    await pickAll(ana.id, r.matches, ['Local', null]);
    await pickAll(beto.id, r.matches, ['Local', null]);

    await footballHook(`/fixtures/${r.fixtures[0]}/kickoff`);
    await scheduled('poll-live-scores');
    await footballHook(`/fixtures/${r.fixtures[0]}/goal`, { team: 'home', minute: 23 });
    // The poller records the goal and sends its alerts before it answers.
    await scheduled('poll-live-scores');

    const pushesTo = (p: E2ePlayer) => receiver.received.filter((x) => x.path === `/gol/${p.id}`);
    const queued = await e2eSql<{ user_id: string }>(`select user_id from public.notification_outbox where kind = 'goal' and quiniela_id = $1`, [r.id]);
    expect(pushesTo(beto)).toEqual([]);
    const [{ quiet }] = await e2eSql<{ quiet: boolean }>('select internal.push_hold_until(now(), null) is not null as quiet');
    if (quiet) {
      expect(queued).toEqual([]);
      expect(pushesTo(ana)).toEqual([]);
      return;
    }
    expect(queued).toEqual([{ user_id: ana.id }]);
    expect(pushesTo(ana)).toHaveLength(1);
    const message = JSON.parse(decryptPush(pushesTo(ana)[0]!.body, keys.get(ana.id)!)) as { title: string; body: string; url: string; tag: string; kind: string };
    expect(message).toEqual({
      title: '⚽ ¡Gol! América 1 – 0 Chivas',
      body: "23' · Tu predicción: Local, vas acertando (provisional).",
      url: `/quinielazo-de-la-semana?quiniela=${r.id}`,
      tag: `gol-${r.matches[0]}`,
      kind: 'goal',
    });

    // Ana's phone shows it as the push service hands it over.
    await page.goto('/');
    await serviceWorkerInControl(page);
    const push = await pushTo(context, page);
    const shown = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag })));
    // Delivered again if DevTools' delivery was lost on a loaded machine (as in push.spec.ts).
    await expect(async () => {
      await push({ title: message.title, body: message.body, url: message.url, tag: message.tag });
      await expect.poll(shown, { timeout: 5_000 }).toEqual([{ title: message.title, body: message.body, tag: message.tag }]);
    }).toPass({ timeout: 30_000 });
  } finally {
    await receiver.close();
    await e2eSql('delete from public.quinielas where id = $1', [r.id]);
  }
});
