// Offline browsing as a fan does it (issue 32, point 3): every screen the player opened once with
// signal opens again without it from the phone's read cache, at once, saying from when the copy
// is, and with his name in the header and the greeting; a screen he never opened says so at once
// instead of loading for seconds and then failing in English.
import { expect, test, type Page } from '@playwright/test';
import { createPlayer, serviceWorkerInControl, signInPage } from '../support/e2e-players.ts';
import { e2eSql, scoreARoundThisMonth } from '../support/e2e-standings.ts';

// Installing the service worker (precaching the shell) on a busy machine takes a while.
test.describe.configure({ timeout: 120_000 });

// "At once" is an effect, not a duration: offline, no screen waits on a request to the API
// (online, postgrest-js retries a failed read for 7 s before a screen may say so), checked by
// counting the requests each screen starts.

/** The API requests the page starts from now on (offline each would only fail, after a wait). */
function countApiCalls(page: Page): () => string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(process.env.SUPABASE_API_URL!).origin) calls.push(`${request.method()} ${url.pathname}`);
  });
  return () => calls;
}

/** What the dashboard's own-loading cards say when they have nothing to show. */
const DASHBOARD_CARD_FAILURES = /No pudimos cargar tu tabla de amigos|Error al cargar la encuesta|Sin conexión: tus referidos/;

/** The dashboard's cards that load on their own have answered, from the network or the copy. */
async function cardsLoaded(page: Page): Promise<void> {
  for (const name of ['Cargando la tabla de amigos', 'Cargando la encuesta', 'Cargando tus referidos']) {
    await expect(page.getByRole('status', { name })).toHaveCount(0, { timeout: 20_000 });
  }
}

/** Opens `path` offline and waits for `ready`. */
async function openOffline(page: Page, path: string, ready: ReturnType<Page['getByText']>): Promise<void> {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(ready).toBeVisible({ timeout: 20_000 });
}

test('every screen seen once opens offline from the saved copy with its date, name and figures at once', { tag: '@service-worker' }, async ({ page, context }) => {
  const player = await createPlayer('fanoff');
  await scoreARoundThisMonth(player.id);
  const [profile] = await e2eSql<{ username: string }>('select username from public.profiles where id = $1', [player.id]);
  const name = profile!.username;
  await signInPage(page, player);

  // One visit with signal to each screen.
  await page.goto('/inicio');
  await serviceWorkerInControl(page);
  await expect(page.getByRole('heading', { level: 1, name: `¡Hola, ${name}!` })).toBeVisible();
  await expect(page.getByTestId('header-username')).toHaveText(name);
  await page.goto('/dashboard');
  await expect(page.getByText('7 aciertos en 1 quiniela')).toBeVisible();
  await cardsLoaded(page);
  await expect(page.getByText(DASHBOARD_CARD_FAILURES)).toHaveCount(0);
  await page.goto('/leaderboard');
  await expect(page.getByRole('table')).toBeVisible();
  await page.goto('/blog');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.goto('/quinielazo-de-la-semana');
  await expect(page.getByRole('list', { name: /Partidos/ }).first()).toBeVisible();

  await context.setOffline(true);
  const apiCalls = countApiCalls(page);
  const note = (p: Page) => p.getByRole('status').filter({ hasText: /^Sin conexión: ves la copia .* guardada el .*\d/ }).first();

  await openOffline(page, '/inicio', note(page));
  await expect(page.getByRole('heading', { level: 1, name: `¡Hola, ${name}!` })).toBeVisible();
  await expect(page.getByTestId('header-username')).toHaveText(name);
  await expect(page.getByText('No pudimos cargar')).toHaveCount(0);

  await openOffline(page, '/dashboard', note(page));
  await expect(page.getByText('7 aciertos en 1 quiniela')).toBeVisible();
  await expect(page.getByText('No pudimos cargar tus números')).toHaveCount(0);
  // The cards that load on their own (the poll, the friends table) come from the copy too.
  await cardsLoaded(page);
  await expect(page.getByText(DASHBOARD_CARD_FAILURES)).toHaveCount(0);

  await openOffline(page, '/leaderboard', note(page));
  await expect(page.getByRole('table')).toBeVisible();

  await openOffline(page, '/blog', note(page));
  await expect(page.getByRole('article').first()).toBeVisible();

  await openOffline(page, '/quinielazo-de-la-semana', note(page));
  await expect(page.getByRole('list', { name: /Partidos/ }).first()).toBeVisible();

  await expect(page.getByText(/Error loading/)).toHaveCount(0);
  expect(apiCalls()).toEqual([]);
});

test('a screen never opened says so at once offline, in Spanish', { tag: '@service-worker' }, async ({ page, context }) => {
  const player = await createPlayer('fannew');
  await signInPage(page, player);
  await page.goto('/settings');
  await serviceWorkerInControl(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await context.setOffline(true);
  const apiCalls = countApiCalls(page);
  const never = page.getByRole('alert').filter({ hasText: 'Sin conexión: aún no tienes una copia de esta página en tu teléfono' });
  for (const path of ['/leaderboard', '/inicio', '/blog', '/quinielazo-de-la-semana']) {
    await openOffline(page, path, never);
    await expect(page.getByText(/Error loading/)).toHaveCount(0);
  }
  expect(apiCalls()).toEqual([]);
});

// Issue 44, item 6, at 390 px: the screens that still failed offline after a visit with signal
// (/settings, a round's Pro page and its Pro results) open from the phone's copy, saying from when.
test('item 6: settings, a Pro round and its Pro results, seen once, open offline from the saved copy', { tag: '@service-worker' }, async ({ page, context }) => {
  const player = await createPlayer('fanoff6');
  const [open] = await e2eSql<{ id: string; name: string }>(
    `select id::text, name from public.quinielas where deadline > now() and not results_saved order by deadline, id limit 1`,
  );
  const [done] = await e2eSql<{ id: string; name: string }>(`select id::text, name from public.quinielas where results_saved and id between 1 and 13 order by deadline desc limit 1`);
  await signInPage(page, player);
  await page.goto('/inicio');
  await serviceWorkerInControl(page);
  const screens: Array<[string, string]> = [
    ['/settings', 'Configuración'],
    [`/pro/${open!.id}`, open!.name],
    [`/pro/${done!.id}/resultados`, done!.name],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
  }

  await context.setOffline(true);
  const apiCalls = countApiCalls(page);
  for (const [path, heading] of screens) {
    await openOffline(page, path, page.getByRole('status').filter({ hasText: /^Sin conexión: ves la copia .* guardada el .*\d/ }).first());
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  expect(apiCalls()).toEqual([]);
});

// Issue 44, item 6's rest, at 390 px: a liga's invitation, seen once with signal, opens offline
// from the phone's copy, saying from when.
test("item 6: a liga's invitation, seen once, opens offline from the saved copy", { tag: '@service-worker' }, async ({ page }) => {
  const [owner, player] = await Promise.all([createPlayer('fanoff6liga'), createPlayer('fanoff6liga')]);
  const name = `Invitación ${Date.now().toString(36)}`;
  const { data, error } = await owner.api.rpc('create_league', { name });
  if (error) throw error;
  const { code } = data[0]!;
  await signInPage(page, player);
  await page.goto('/inicio');
  await serviceWorkerInControl(page);
  await page.goto(`/liga/${code}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Unirme a la liga' })).toBeVisible();

  await page.context().setOffline(true);
  const apiCalls = countApiCalls(page);
  await openOffline(page, `/liga/${code}`, page.getByRole('status').filter({ hasText: /^Sin conexión: ves la copia de esta invitación guardada el .*\d/ }));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(apiCalls()).toEqual([]);
});

// Issue 44, item 6's rest, at 390 px: a visitor's invitation (signed out: the app does not run on
// it, and a visitor's reads are never kept), seen once with signal, opens offline too: the page
// the server wrote with the liga in it, kept by the service worker.
test("item 6: a visitor's liga invitation, seen once, opens offline with the liga and its join button", { tag: '@service-worker' }, async ({ page }) => {
  const owner = await createPlayer('fanoff6visita');
  const name = `Visita ${Date.now().toString(36)}`;
  const { data, error } = await owner.api.rpc('create_league', { name });
  if (error) throw error;
  const { code } = data[0]!;
  await page.goto(`/liga/${code}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  // The page registers the service worker itself at load; once it is active (its activation
  // keeps the invitation the visitor is reading), it controls the page.
  await serviceWorkerInControl(page);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');

  await page.context().setOffline(true);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Unirme a la liga' })).toHaveAttribute('href', `/signup?liga=${code}`);
  await expect(page.getByText('No se pudo cargar la invitación')).toHaveCount(0);
});
