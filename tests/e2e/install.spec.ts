// (6) The installed shell opens offline: once the service worker controls the app, the start
// page and the login screen open without a network and say so.
import { expect, test } from '@playwright/test';

test('the installed shell opens offline at the start page and at login', { tag: '@service-worker' }, async ({ page, context }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe('activated');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByText('Sin conexión', { exact: true })).toBeHidden();

  await context.setOffline(true);
  await page.goto('/inicio'); // the manifest's start_url
  await expect(page.getByRole('banner').getByRole('link', { name: 'Quinielazo' })).toBeVisible();
  await expect(page.getByText('Sin conexión', { exact: true })).toBeVisible();

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByText('Sin conexión', { exact: true })).toBeVisible();

  // Back online the indicator goes away without a reload.
  await context.setOffline(false);
  await expect(page.getByText('Sin conexión', { exact: true })).toBeHidden();
});

test('the shell tells a player going offline while the app is open', { tag: '@service-worker' }, async ({ page, context }) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Crea tu cuenta gratis' })).toBeVisible();
  // The page is prerendered HTML: the app is open once the header's actions show (after hydration).
  await expect(page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'Sin conexión' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'Sin conexión' })).toBeHidden();
});
