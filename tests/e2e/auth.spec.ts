// Journeys of the auth screens on a phone: sign-up with its validation, the confirmation mail,
// the signed-in header, login, the guard of player screens, and the password reset by mail.
import { expect, test, type Page } from '@playwright/test';
import { visitorClient } from '../support/e2e-api.ts';
import { mailLink } from '../support/e2e-inbox.ts';
import { doubleSubmit, requestsTo } from '../support/double-tap.ts';

const ANA_ID = '5eed0000-0000-4000-8000-000000000001';
const ANA_REFERRAL_CODE = 'K627BLZD';

function uniqueAccount(prefix: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return { email: `${prefix}-${id}@correo.mx`, username: `${prefix}_${id}`.slice(0, 20) };
}


async function signUpThroughApi(email: string, username: string, password: string) {
  const { error } = await visitorClient().auth.signUp({ email, password, options: { data: { username } } });
  if (error) throw error;
  // Opening the confirmation link confirms the address (the 303 carries a session we do not need).
  const confirm = await fetch(await mailLink(email, /Confirma tu cuenta/), { redirect: 'manual' });
  expect(confirm.status).toBe(303);
}

function accountButton(page: Page, username: string) {
  return page.getByRole('banner').getByRole('button', { name: `Menú de cuenta de ${username}` });
}

test('a visitor signs up with validation, confirms by mail and logs in to the dashboard', async ({ page }) => {
  const { email, username } = uniqueAccount('nuevo');
  const password = 'Golazo2025!';

  // Arrives through a friend's referral link; the code is kept for the sign-up.
  await page.goto(`/?ref=${ANA_REFERRAL_CODE}`);
  await page.getByRole('banner').getByRole('link', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { name: 'Crea tu cuenta gratis' })).toBeVisible();

  const usernameField = page.getByLabel('Nombre de usuario');
  await usernameField.fill('ab');
  await usernameField.blur();
  await expect(page.getByText('Mínimo 3 caracteres')).toBeVisible();
  // The database's rule, answered on the device as it types: letters, digits, _, . and -.
  await usernameField.fill('Ana Aguila');
  await expect(page.getByText('Solo letras, números, _, . y -')).toBeVisible();
  await usernameField.fill('ana_aguila'); // taken by a seeded player, case-insensitively
  await expect(page.getByText('Ya está en uso')).toBeVisible();
  await usernameField.fill(username);
  await expect(page.getByText('Disponible', { exact: true })).toBeVisible();

  await page.getByLabel('Correo electrónico').fill('sin-arroba.mx');
  await page.getByLabel('Contraseña', { exact: true }).fill('corta');
  await page.getByLabel('Confirmar contraseña', { exact: true }).fill('otra');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByText('Correo inválido')).toBeVisible();
  await expect(page.getByText('Mínimo 8 caracteres, incluir letras y números')).toBeVisible();
  await expect(page.getByText('No coincide')).toBeVisible();
  await expect(page.getByText('Debes aceptar los términos')).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Seguridad de la contraseña' })).toHaveAttribute('aria-valuenow', '1');

  // Fixing the form keeps what was typed; the e-mail is trimmed and lowercased.
  await page.getByLabel('Correo electrónico').fill(`  ${email.toUpperCase()} `);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await expect(page.getByRole('meter', { name: 'Seguridad de la contraseña' })).toHaveAttribute('aria-valuenow', '4');
  await page.getByLabel('Confirmar contraseña', { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: /Acepto los términos/ }).check();
  await expect(usernameField).toHaveValue(username);
  // A double tap in one instant signs up once (one request, one confirmation mail).
  const signUps = requestsTo(page, 'POST', '/auth/v1/signup');
  await doubleSubmit(page.locator('form').filter({ has: page.getByRole('button', { name: 'Crear cuenta' }) }));

  await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();
  expect(signUps).toHaveLength(1);
  await expect(page.getByRole('status').filter({ hasText: email })).toContainText('Confirma tu correo antes de iniciar sesión');

  // Logging in before confirming is refused in Spanish.
  await page.getByRole('link', { name: 'Ir a iniciar sesión' }).click();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText('Confirma tu correo antes de iniciar sesión.');

  // The confirmation link from the inbox signs the player in, at the signed-in start page.
  await page.goto(await mailLink(email, /Confirma tu cuenta/));
  await expect(page).toHaveURL(/\/inicio#?$/);
  await expect(accountButton(page, username)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Quinielazo' })).toHaveAttribute('href', '/inicio');

  // The profile was created with the referral that brought the player.
  const player = visitorClient();
  await player.auth.signInWithPassword({ email, password });
  const { data: profile } = await player.from('profiles').select('username, referred_by').single();
  expect(profile).toEqual({ username, referred_by: ANA_ID });

  // Sign out from the account menu, then the login screen.
  await accountButton(page, username).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Crear cuenta' }).last()).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute('href', '/forgot-password');

  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText('Todos los campos son obligatorios');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('NoEsLaMia1');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText('Correo o contraseña incorrectos.');
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(email);

  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sesión iniciada' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(accountButton(page, username)).toBeVisible();

  // Signed in, /signup and /login lead to the dashboard.
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a signed-out visitor of a player screen goes to login and comes back after signing in', async ({ page }) => {
  const { email, username } = uniqueAccount('guardia');
  const password = 'Guardia2025';
  await signUpThroughApi(email, username, password);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(accountButton(page, username)).toBeVisible();

  // The header counts down to the open round's deadline and links to its picks.
  await expect(page.getByRole('banner').getByRole('link', { name: /cierra en/i })).toHaveAttribute('href', '/picks?quiniela=current');

  // The phone's slide-out menu: opens, is announced, closes on Escape with focus back on the hamburger.
  const hamburger = page.getByRole('button', { name: 'Abrir menú' });
  await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
  await hamburger.click();
  await expect(hamburger).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('dialog', { name: 'Menú' });
  await expect(menu.getByRole('link', { name: 'Ranking' })).toHaveAttribute('href', '/leaderboard');
  await expect(menu.getByRole('link', { name: 'Quinielas', exact: true })).toHaveAttribute('href', '/picks-selector');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(hamburger).toBeFocused();
  await hamburger.click();
  await menu.getByRole('link', { name: 'Mis quinielas' }).click();
  await expect(page).toHaveURL(/\/mis-quinielas$/);
  await expect(menu).toBeHidden();
});

test('a player resets a forgotten password through the mail link and signs in with the new one', async ({ page }) => {
  const { email, username } = uniqueAccount('olvido');
  const oldPassword = 'Vieja2025';
  const newPassword = 'Nueva2026';
  await signUpThroughApi(email, username, oldPassword);

  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toHaveText(
    'No tienes una sesión activa. Por favor inicia sesión desde tu correo de restablecimiento de contraseña.',
  );

  await page.goto('/login');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('alert')).toHaveText('Ingresa tu correo electrónico.');
  await page.getByLabel('Correo electrónico').fill(email);
  const recoveries = requestsTo(page, 'POST', '/auth/v1/recover');
  await doubleSubmit(page.locator('form').filter({ has: page.getByRole('button', { name: 'Enviar enlace' }) }));
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Si el correo existe, recibirás un enlace para restablecer tu contraseña.');
  expect(recoveries).toHaveLength(1);

  await page.goto(await mailLink(email, /Restablece tu contraseña/));
  await expect(page).toHaveURL(/\/reset-password/);
  const first = page.getByLabel('Nueva contraseña', { exact: true });
  const second = page.getByLabel('Confirmar nueva contraseña', { exact: true });
  await first.fill(newPassword);
  await second.fill('Otra2026');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('alert')).toHaveText('❌ Las contraseñas no coinciden.');
  await first.fill('corta1');
  await second.fill('corta1');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('alert')).toHaveText('❌ La contraseña debe tener al menos 8 caracteres, incluir letras y números.');
  await first.fill(oldPassword);
  await second.fill(oldPassword);
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('alert')).toHaveText('Parece que es la que ya tienes actualmente. Intenta con otra.');
  await first.fill(newPassword);
  await second.fill(newPassword);
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Tu contraseña se actualizó correctamente');

  await page.getByRole('link', { name: 'Ir a iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(oldPassword);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText('Correo o contraseña incorrectos.');
  await page.getByLabel('Contraseña', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(accountButton(page, username)).toBeVisible();
});

test.describe('login in an English browser', () => {
  test.use({ locale: 'en-US' });

  test('checks the e-mail as sign-up does, in Spanish, and clears the last refusal when the player edits or tries again', async ({ page }) => {
    const tokenRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/auth/v1/token')) tokenRequests.push(request.url());
    });
    await page.goto('/login');
    const emailField = page.getByLabel('Correo electrónico');
    const passwordField = page.getByLabel('Contraseña', { exact: true });
    const send = page.getByRole('button', { name: 'Iniciar sesión' });

    // An address the browser itself would refuse (in English here): the form's own message instead.
    await emailField.fill('sin-arroba.mx');
    await passwordField.fill('Cualquiera1');
    expect(await emailField.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
    expect(await page.locator('form').evaluate((form: HTMLFormElement) => form.noValidate)).toBe(true);
    await send.click();
    await expect(page.getByText('Correo inválido')).toBeVisible();
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/login$/);
    expect(tokenRequests).toEqual([]);

    // Fixed, the message goes as the player types; a wrong password is refused by the server.
    const { email } = uniqueAccount('nadie');
    await emailField.fill(email);
    await expect(page.getByText('Correo inválido')).toHaveCount(0);
    await send.click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Correo o contraseña incorrectos.');
    expect(tokenRequests).toHaveLength(1);

    // Editing a field clears the refusal.
    await passwordField.fill('Cualquiera2');
    await expect(alert).toHaveCount(0);
    await send.click();
    await expect(alert).toHaveText('Correo o contraseña incorrectos.');
    await emailField.fill(`${email}x`);
    await expect(alert).toHaveCount(0);
    await emailField.fill(email);

    // Trying again clears it too while the new answer is on its way.
    await send.click();
    await expect(alert).toHaveText('Correo o contraseña incorrectos.');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/auth/v1/token**', async (route) => {
      await held;
      await route.continue();
    });
    await send.click();
    await expect(page.getByRole('button', { name: 'Entrando…' })).toBeDisabled();
    await expect(alert).toHaveCount(0);
    release();
    await expect(alert).toHaveText('Correo o contraseña incorrectos.');
  });
});
