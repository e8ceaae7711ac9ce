// Figures for the offline picks (issue 3): on a phone-sized Chromium against a fresh platform
// and the production build (the E2E global setup), the time from a tap to the pick being in
// IndexedDB, and from the signal coming back to the outbox being empty.
import { chromium, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import startE2e from '../tests/support/e2e-setup.ts';
import { createPlayer, signInPage } from '../tests/support/e2e-players.ts';

const TAPS = 30;
const RECONNECTS = 7;
const CHANGES_PER_RECONNECT = 3;
const SIDES = ['Local', 'Empate', 'Visita'] as const;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Rows in the outbox, read straight from IndexedDB as the service worker would. */
function outboxIsEmpty(page: Page) {
  return page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('quinielazo');
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction('outbox').objectStore('outbox').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result === 0);
          };
        };
        open.onerror = () => resolve(false);
      }),
    undefined,
    { polling: 5, timeout: 30_000 },
  );
}

export async function benchPicksPwa(): Promise<void> {
  const stop = await startE2e();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({
      baseURL: process.env.BASE_URL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'es-MX',
      timezoneId: 'America/Mexico_City',
      serviceWorkers: 'allow',
    });
    const page = await context.newPage();
    await signInPage(page, await createPlayer('bench'));
    await page.goto('/picks?quiniela=current');
    const matches = page.getByRole('list', { name: 'Partidos' }).getByRole('group');
    await matches.nth(11).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    // Tap → IndexedDB: measured in the page from the tap's event time to the committed draft.
    let side = 0;
    const tapNext = async (i: number) => {
      side = (side + 1) % SIDES.length;
      await matches.nth(i % 12).getByRole('button', { name: new RegExp(`^${SIDES[side]}`) }).click();
    };
    for (let i = 0; i < TAPS; i++) {
      await tapNext(i);
      await page.waitForFunction((n) => performance.getEntriesByName('pick-tap-to-idb').length >= n, i + 1, { polling: 5 });
    }
    const tapMs = await page.evaluate(() => performance.getEntriesByName('pick-tap-to-idb').map((e) => e.duration));

    // Reconnect → outbox empty: changes made offline, then the signal comes back.
    const reconnectMs: number[] = [];
    for (let round = 0; round < RECONNECTS; round++) {
      await outboxIsEmpty(page);
      await context.setOffline(true);
      for (let i = 0; i < CHANGES_PER_RECONNECT; i++) await tapNext(round * CHANGES_PER_RECONNECT + i);
      await page.getByText('Pendiente de enviar').nth(CHANGES_PER_RECONNECT - 1).waitFor();
      const started = performance.now();
      await context.setOffline(false);
      await outboxIsEmpty(page);
      reconnectMs.push(performance.now() - started);
    }

    const fmt = (n: number) => n.toFixed(1).padStart(7);
    console.log(`picks PWA: tap → IndexedDB (${tapMs.length} taps)              p50 ${fmt(percentile(tapMs, 50))} ms   p95 ${fmt(percentile(tapMs, 95))} ms`);
    console.log(
      `picks PWA: reconnect → outbox empty (${reconnectMs.length}× ${CHANGES_PER_RECONNECT} picks)   p50 ${fmt(percentile(reconnectMs, 50))} ms   max ${fmt(Math.max(...reconnectMs))} ms`,
    );
  } finally {
    await browser.close();
    await stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  benchPicksPwa().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
