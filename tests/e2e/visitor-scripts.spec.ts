// A visitor's first visit loads none of what only players use: the IndexedDB layer (Dexie, the
// drafts and the outbox) stays out of the public pages' scripts. (The service worker may
// precache it later, in the background, for an installed app; that is not the page's load.)
// Nor an SVG image: each one in an <img> is a document of its own that the phone creates and
// lays out on the main thread (the logo and the offers' logos are PNGs). And moving to another
// screen adds no preload links (vite.config.ts: many at once made one long task).
import { expect, test, type Response } from '@playwright/test';

const VISITOR_PAGES = [
  { path: '/', heading: 'Juega la quiniela de la Liga MX y gana premios cada mes' },
  { path: '/leaderboard', heading: 'Tabla de posiciones' },
  { path: '/rules', heading: 'Reglas de Quinielazo' },
  { path: '/quinielazo-de-la-semana', heading: 'Quiniela de la semana' },
];

for (const { path, heading } of VISITOR_PAGES) {
  test(`a visitor's ${path} loads no offline layer and no SVG image`, async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: Array<Promise<{ url: string; body: string }>> = [];
    const images: Array<{ url: string; type: string }> = [];
    const onResponse = (response: Response) => {
      const kind = response.request().resourceType();
      if (kind === 'script') scripts.push(response.text().then((body) => ({ url: response.url(), body })));
      if (kind === 'image') images.push({ url: response.url(), type: response.headers()['content-type'] ?? '' });
    };
    page.on('response', onResponse);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Every script the page asked for once it settled (lazy route chunks included).
    await page.waitForLoadState('networkidle');
    // Read what arrived while the page loaded; a script requested later (the analytics start when
    // the phone is idle) would otherwise be read after the context closed.
    page.off('response', onResponse);
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(1);
    expect(loaded.filter((s) => s.body.includes('Dexie')).map((s) => s.url)).toEqual([]);
    expect(images.length).toBeGreaterThan(0);
    expect(images.filter((image) => image.type.includes('svg')).map((image) => image.url)).toEqual([]);
    await context.close();
  });
}

test('opening another screen adds no preload links: the browser loads a chunk’s imports as it arrives', async ({ page }) => {
  await page.goto('/');
  // The app is running once the header's actions show (after hydration).
  await expect(page.getByRole('link', { name: 'Iniciar sesión' }).first()).toBeVisible();
  const preloads = () => page.locator('link[rel="modulepreload"]').count();
  const before = await preloads();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Preguntas frecuentes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Preguntas frecuentes' })).toBeVisible();
  expect(await preloads()).toBe(before);
});
