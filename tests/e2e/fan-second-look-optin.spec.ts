// Issue 44, item 5, at 390 px: what a player chose at sign-up is what his preferences say. The
// box "Quiero recibir noticias, recordatorios y novedades por correo" left unticked turns every
// notice off (the Boost reminder among them: it came within 30 s of confirming); ticked, every
// notice is on.
import { expect, test, type Page } from '@playwright/test';
import { mailLink } from '../support/e2e-inbox.ts';
import { e2eSql } from '../support/e2e-standings.ts';

const NOTICES = ['Recordatorio de la quiniela', 'Recordatorio del Boost', 'Nueva quiniela', 'Nuevo artículo del blog', 'Tus puntos ya están', 'Novedades'];
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function signUpAndConfirm(page: Page, optIn: boolean): Promise<string> {
  const t = tag();
  const email = `aviso-${t}@e2e.quinielazo.mx`;
  const username = `aviso_${t}`.slice(0, 20);
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Crea tu cuenta gratis' })).toBeVisible();
  await page.getByLabel('Nombre de usuario').fill(username);
  await expect(page.getByText('Disponible', { exact: true })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('Golazo2025!');
  await page.getByLabel('Confirmar contraseña', { exact: true }).fill('Golazo2025!');
  const news = page.getByRole('checkbox', { name: 'Quiero recibir noticias, recordatorios y novedades por correo' });
  await expect(news).not.toBeChecked();
  if (optIn) await news.check();
  await page.getByRole('checkbox', { name: /Acepto los términos/ }).check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();
  // Signed in once the confirmation lands on /inicio with the player's menu in the header (a
  // page opened before that, while the link's session is still being stored, finds no session).
  await page.goto(await mailLink(email, /Confirma tu cuenta/));
  await expect(page).toHaveURL(/\/inicio#?$/);
  await expect(page.getByRole('banner').getByRole('button', { name: `Menú de cuenta de ${username}` })).toBeVisible();
  return email;
}

async function noticesSay(page: Page, on: boolean) {
  await page.goto('/settings');
  for (const name of NOTICES) await expect(page.getByRole('switch', { name })).toHaveAttribute('aria-checked', String(on));
}

test('item 5: the opt-in left unticked turns every notice off, the Boost reminder among them; ticked, they are on', async ({ browser }) => {
  for (const optIn of [false, true]) {
    const context = await browser.newContext({ locale: 'es-MX', timezoneId: 'America/Mexico_City', isMobile: true, hasTouch: true, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const email = await signUpAndConfirm(page, optIn);
    await noticesSay(page, optIn);
    // The Boost reminder goes only to players with remind_boost (queue_boost_reminders).
    const [stored] = await e2eSql<{ remind_boost: boolean; newsletter_opt_in: boolean }>(
      'select np.remind_boost, p.newsletter_opt_in from public.profiles p join public.notification_preferences np on np.user_id = p.id where p.email = $1',
      [email],
    );
    expect(stored).toEqual({ remind_boost: optIn, newsletter_opt_in: optIn });
    await context.close();
  }
});
