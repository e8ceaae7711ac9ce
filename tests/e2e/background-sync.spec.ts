// The service worker's background sync sends waiting picks with no app tab open: picks tapped
// offline, every page of the app closed, the signal back, and the SW's 'sync' event fired
// through the Chrome DevTools Protocol (as Chromium does when connectivity returns). Only the
// service worker can have delivered them; the server is checked through the API as the player.
import { expect, test } from '@playwright/test';
import { OUTBOX_SYNC_TAG } from '../../src/lib/outbox.ts';
import { createPlayer, currentRoundId, serverPicks, serviceWorkerInControl, signInPage } from '../support/e2e-players.ts';
import { registrationId } from '../support/sw-push.ts';

test.describe.configure({ timeout: 60_000 });

test('picks tapped offline reach the server from the service worker with no app tab open', { tag: '@service-worker' }, async ({ page, context }) => {
  const player = await createPlayer('bgsync');
  const roundId = await currentRoundId();
  await signInPage(page, player);
  await page.goto('/picks?quiniela=current');
  await serviceWorkerInControl(page);
  const origin = new URL(page.url()).origin;

  const matches = page.getByRole('list', { name: 'Partidos' }).getByRole('group');
  await expect(matches).toHaveCount(12);
  // The runner has stored the session the service worker sends with.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('quinielazo');
            open.onsuccess = () => {
              const get = open.result.transaction('meta').objectStore('meta').get('session');
              get.onsuccess = () => {
                open.result.close();
                resolve(get.result !== undefined);
              };
            };
          }),
      ),
    )
    .toBe(true);

  await context.setOffline(true);
  await matches.nth(0).getByRole('button', { name: /^Visita/ }).click();
  await matches.nth(1).getByRole('button', { name: /^Empate/ }).click();
  await matches.nth(2).getByRole('button', { name: /^Local/ }).click();
  await expect(page.getByText('Pendiente de enviar')).toHaveCount(3);

  // No app tab left: nothing but the service worker can send the outbox now.
  for (const open of context.pages()) await open.close();
  expect(context.pages()).toHaveLength(0);
  expect(await serverPicks(player, roundId)).toEqual({});

  await context.setOffline(false);
  // A DevTools session needs a target in this browser context: a blank page of no origin,
  // which the service worker does not control and which runs none of the app.
  const blank = await context.newPage();
  await blank.goto('about:blank');
  const cdp = await context.newCDPSession(blank);
  const id = await registrationId(cdp, origin);
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: id, tag: OUTBOX_SYNC_TAG, lastChance: false });

  await expect.poll(() => serverPicks(player, roundId), { timeout: 20_000 }).toEqual({ 1: 'Visita', 2: 'Empate', 3: 'Local' });
  expect(blank.url()).toBe('about:blank');
});
