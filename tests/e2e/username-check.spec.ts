// The sign-up form's username check with the browser's clock under the test's control: one
// question 500 ms after the last keystroke (none before), a late answer about an older name
// never replaces the newer one's, and a taken name blocks the submit.
import { expect, test, type Route } from '@playwright/test';

const CHECK = '**/rest/v1/rpc/check_username';

test('asks once typing pauses for 500 ms, and an older answer never wins', async ({ page }) => {
  await page.clock.install();
  const asked: string[] = [];
  const held: Array<{ route: Route; name: string }> = [];
  // The first question is held back (a slow network); the others go to the real database.
  await page.route(CHECK, async (route) => {
    const name = (route.request().postDataJSON() as { name: string }).name;
    asked.push(name);
    if (asked.length === 1) held.push({ route, name });
    else await route.continue();
  });
  await page.goto('/signup');
  const field = page.getByLabel('Nombre de usuario');
  await expect(field).toBeEditable();
  // From here the page's clock moves only when the test says so, however slow the machine.
  await page.clock.pauseAt(Date.now() + 60_000);

  await field.pressSequentially('Ana_Aguila');
  await page.clock.runFor(499);
  expect(asked).toEqual([]);
  await page.clock.runFor(1);
  await expect.poll(() => asked).toEqual(['Ana_Aguila']);
  await expect(page.getByText('Verificando…')).toBeVisible();

  // A new name while the first answer is still on its way.
  await field.fill(`libre_${Date.now().toString(36)}`);
  await page.clock.runFor(500);
  await expect(page.getByText('Disponible', { exact: true })).toBeVisible();
  // The first answer ("taken") arrives late: the screen keeps the newer name's verdict.
  await held[0]!.route.continue();
  await page.clock.runFor(1000);
  await expect(page.getByText('Disponible', { exact: true })).toBeVisible();
  await expect(page.getByText('Ya está en uso')).toHaveCount(0);
  expect(asked).toHaveLength(2);
});

test('a taken name blocks the sign-up', async ({ page }) => {
  let signUps = 0;
  await page.route('**/auth/v1/signup**', async (route) => {
    signUps++;
    await route.continue();
  });
  await page.goto('/signup');
  await page.getByLabel('Nombre de usuario').fill('ana_aguila');
  await expect(page.getByText('Ya está en uso')).toBeVisible();
  const submit = page.getByRole('button', { name: /crear cuenta/i });
  await expect(submit).toBeDisabled();
  expect(signUps).toBe(0);
});
