import { expect, test } from '@playwright/test';

test('the web app manifest is served in Spanish with a maskable icon', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: 'Quinielazo',
    short_name: 'Quinielazo',
    lang: 'es-MX',
    start_url: '/inicio',
    scope: '/',
    display: 'standalone',
  });
  const icons = manifest.icons as Array<{ src: string; sizes: string; purpose?: string }>;
  expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  const maskable = icons.find((i) => i.purpose?.split(' ').includes('maskable'));
  expect(maskable).toBeDefined();
  for (const icon of icons) {
    const image = await request.get(icon.src);
    expect(image.ok(), icon.src).toBe(true);
    expect(image.headers()['content-type']).toBe('image/png');
  }
});

test('the page links the manifest and the installed start page opens the app', async ({ page }) => {
  await page.goto('/inicio');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.getByRole('link', { name: 'Quinielazo', exact: true })).toBeVisible();
  // /inicio is the signed-in home: a visitor opening the installed app is asked to sign in first.
  await expect(page).toHaveURL(/\/login\?redirect=%2Finicio$/);
});

test('the service worker activates and the app shell opens offline', { tag: '@service-worker' }, async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Quinielazo', exact: true })).toBeVisible();

  const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(scriptURL).toMatch(/\/sw\.js$/);
  // `ready` resolves while the worker may still be activating.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
    .toBe('activated');
  // The precache holds the shell (the page is controlled once clientsClaim has run).
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const precached = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const name of names.filter((n) => n.includes('precache'))) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(precached).toEqual(expect.arrayContaining(['/index.html', '/app-shell.html', '/manifest.webmanifest']));
  expect(precached.some((path) => /^\/assets\/.+\.js$/.test(path))).toBe(true);
  // Only the home's prerendered page: every other navigation gets the shell (vite.config.ts).
  expect(precached.filter((path) => /^\/.+\/index\.html$/.test(path))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Quinielazo', exact: true })).toBeVisible();
  // Without a network the round cannot load; the player is told and can retry.
  await expect(page.getByText('No pudimos cargar la quiniela.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();

  // Back online, "Reintentar" loads the round without a reload (the home's phone shows up to 8 matches).
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('list', { name: 'Partidos' }).getByRole('listitem')).toHaveCount(8);
});
