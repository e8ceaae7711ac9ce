// The history browses offline after one online visit (docs/offline-picks.md#offline-reading):
// the list and a round's detail come from the phone's read cache with a note saying from when,
// a copy past its maximum age is not shown, and signing out deletes the player's copies.
import { expect, test, type Page } from '@playwright/test';
import { MAX_AGE } from '../../src/lib/cached-read.ts';
import { createPlayer, serviceWorkerInControl, signInPage } from '../support/e2e-players.ts';
import { e2eSql, scoreARoundThisMonth } from '../support/e2e-standings.ts';

// Installing the service worker (precaching the shell) on a busy machine takes a while.
test.describe.configure({ timeout: 90_000 });

interface CacheRow {
  key: string;
  userId: string;
  storedAt: number;
}

/** The read cache as IndexedDB holds it, read without the app's code. */
function cacheRows(page: Page): Promise<CacheRow[]> {
  return page.evaluate(
    () =>
      new Promise<CacheRow[]>((resolve, reject) => {
        const open = indexedDB.open('quinielazo');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('cache').objectStore('cache').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            db.close();
            resolve((all.result as CacheRow[]).map(({ key, userId, storedAt }) => ({ key, userId, storedAt })));
          };
        };
      }),
  );
}

/** Moves the stored time of the cached reads whose key ends with `suffix` back to `storedAt`. */
function backdate(page: Page, suffix: string, storedAt: number): Promise<number> {
  return page.evaluate(
    ({ suffix, storedAt }) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('quinielazo');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('cache', 'readwrite');
          const store = tx.objectStore('cache');
          let changed = 0;
          store.openCursor().onsuccess = (event) => {
            const cursor = (event.target as IDBRequest<IDBCursorWithValue | null>).result;
            if (!cursor) return;
            const row = cursor.value as CacheRow;
            if (row.key.endsWith(suffix)) {
              cursor.update({ ...row, storedAt });
              changed++;
            }
            cursor.continue();
          };
          tx.oncomplete = () => {
            db.close();
            resolve(changed);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { suffix, storedAt },
  );
}

/** "11:05" or "9:05": the stored time's hour and minute on the phone's clock, as the note shows it. */
/** The phone's clock time of `at` as es-MX writes it, on the 12-hour clock ("1:02" for 13:02,
 * "12:05" for 00:05): a 24-hour expectation only held until noon. */
function phoneTime(page: Page, at: number): Promise<string> {
  return page.evaluate((at) => {
    const d = new Date(at);
    return `${d.getHours() % 12 || 12}:${String(d.getMinutes()).padStart(2, '0')}`;
  }, at);
}

test('the history and a round detail open offline from the saved copy, expire, and are gone after sign-out', { tag: '@service-worker' }, async ({ page, context }) => {
  const player = await createPlayer('histoff');
  const roundId = await scoreARoundThisMonth(player.id);
  const [round] = await e2eSql<{ name: string }>('select name from public.quinielas where id = $1', [roundId]);
  const roundName = round!.name;
  await signInPage(page, player, { onlyFirstLoad: true });

  // One online visit: the list and the round's detail.
  await page.goto('/mis-quinielas');
  await serviceWorkerInControl(page);
  const list = page.getByRole('list', { name: 'Quinielas calificadas' });
  await list.getByRole('button', { name: new RegExp(roundName) }).click();
  const dialog = page.getByRole('dialog', { name: roundName });
  await expect(dialog.getByRole('list', { name: 'Partidos' }).getByRole('listitem')).toHaveCount(12);
  await expect(dialog.getByText('Sin conexión')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const stored = (await cacheRows(page)).filter((row) => row.userId === player.id);
  const historyCopy = stored.find((row) => row.key.includes(':standings:history:'));
  expect(historyCopy).toBeDefined();
  expect(stored.map((row) => row.key)).toContain(`${player.id}:standings:round:${roundId}`);

  // No signal: a reload shows the saved list, says from when, and the detail opens from it.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Sin conexión: ves la copia de tu historial guardada el' })).toContainText(
    await phoneTime(page, historyCopy!.storedAt),
  );
  await list.getByRole('button', { name: new RegExp(roundName) }).click();
  await expect(dialog.getByRole('status')).toContainText('Sin conexión: ves la copia de esta quiniela guardada el');
  const picks = dialog.getByRole('list', { name: 'Partidos' }).getByRole('listitem');
  await expect(picks).toHaveCount(12);
  // The arranged round: 7 of 12 right (Local on 1–7), Empate picked against Local on 8–12.
  await expect(picks.filter({ hasText: 'Acierto' })).toHaveCount(7);
  await expect(picks.filter({ hasText: 'Fallo' })).toHaveCount(5);
  await page.keyboard.press('Escape');

  // The detail's copy passes its maximum age: the list still opens, the detail says it expired.
  const pastMaxAge = Date.now() - MAX_AGE.history - 60_000;
  expect(await backdate(page, `:standings:round:${roundId}`, pastMaxAge)).toBe(1);
  await page.reload();
  await list.getByRole('button', { name: new RegExp(roundName) }).click();
  await expect(dialog.getByRole('alert')).toContainText('Sin conexión: la copia de esta quiniela guardada el');
  await expect(dialog.getByRole('alert')).toContainText('ya caducó');
  await expect(dialog.getByRole('list', { name: 'Partidos' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Then the list's copy too: the screen says so instead of showing it.
  expect(await backdate(page, historyCopy!.key, pastMaxAge)).toBe(1);
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Sin conexión: la copia de tu historial guardada el');
  await expect(page.getByRole('alert')).toContainText('ya caducó');
  await expect(page.getByText(roundName)).toHaveCount(0);

  // Back online the history is read again; then the player signs out.
  await context.setOffline(false);
  await page.reload();
  await expect(list.getByRole('button', { name: new RegExp(roundName) })).toBeVisible();
  await expect(page.getByText('Sin conexión')).toHaveCount(0);
  await page.getByRole('banner').getByRole('button', { name: /^Menú de cuenta/ }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();

  // His copies are gone from the phone, and offline the history shows nothing of his.
  await expect.poll(async () => (await cacheRows(page)).filter((row) => row.userId === player.id).length).toBe(0);
  await context.setOffline(true);
  await page.goto('/mis-quinielas');
  await expect(page.getByText('Inicia sesión para ver tu historial.')).toBeVisible();
  await expect(page.getByText(roundName)).toHaveCount(0);
});
