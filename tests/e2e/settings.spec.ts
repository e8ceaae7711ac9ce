// Journeys of /settings on a phone, each with a fresh confirmed player (never a seeded one): the
// first favourite club chosen through a league filter, the username with its availability and
// 4-character rule, the sticky bar's Cancel, an e-mail notice switched, the password change by
// recovery mail and, after a long session, with the mailed code, and the e-mail change confirmed
// from both addresses. The server's view (the player's own API) confirms every save.
import { expect, test, type Page } from '@playwright/test';
import { decodeJwt } from 'jose';
import { createPlayer, serviceClient, signInPage, signInPlayer, type E2ePlayer } from '../support/e2e-players.ts';
import { mailLink, newestMail } from '../support/e2e-inbox.ts';
import { e2eSql } from '../support/e2e-standings.ts';

async function clubByName(name: string): Promise<{ id: number; logo_url: string | null }> {
  const { data, error } = await serviceClient().from('clubs').select('id, logo_url').eq('name', name).single();
  if (error) throw error;
  return data;
}

async function serverProfile(player: E2ePlayer) {
  const { data, error } = await player.api.from('profiles').select('username, favorite_club_id').eq('id', player.id).single();
  if (error) throw error;
  return data;
}

async function openSettings(page: Page, player: E2ePlayer) {
  await signInPage(page, player);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Configuración', level: 1 })).toBeVisible();
}

const saveBar = (page: Page) => page.getByRole('region', { name: 'Cambios sin guardar' });
const saveButton = (page: Page) => saveBar(page).getByRole('button', { name: 'Guardar' });


test('a new player picks his first club through a league filter and the header badge shows it', async ({ page }) => {
  const player = await createPlayer('ajustes');
  const madrid = await clubByName('Real Madrid');
  await openSettings(page, player);

  await expect(page.getByTestId('settings-email')).toHaveText(player.email);
  // No favourite club yet: the picker is open from the start, on Liga MX, with nothing to save.
  const leagues = page.getByRole('group', { name: 'Filtrar por liga' });
  await expect(leagues.getByRole('button', { name: 'Liga MX' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('radiogroup', { name: 'Clubes de Liga MX' })).toBeVisible();
  await expect(saveBar(page)).toBeHidden();

  await leagues.getByRole('button', { name: 'Jugadores' }).click();
  await expect(page.getByText('Muy pronto podrás elegir a tu jugador favorito.')).toBeVisible();

  await leagues.getByRole('button', { name: 'La Liga' }).click();
  const laLiga = page.getByRole('radiogroup', { name: 'Clubes de La Liga' });
  await expect(laLiga.getByRole('radio', { name: 'Club América' })).toHaveCount(0);
  await laLiga.getByText('Real Madrid', { exact: true }).click();
  await expect(laLiga.getByRole('radio', { name: 'Real Madrid' })).toBeChecked();
  await expect(page.getByTestId('settings-club')).toContainText('Real Madrid');

  await saveButton(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Perfil actualizado con éxito.' })).toBeVisible();
  await expect(saveBar(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cambiar club favorito' })).toBeVisible();
  expect((await serverProfile(player)).favorite_club_id).toBe(madrid.id);
  await expect(page.getByRole('banner').locator(`img[src="${madrid.logo_url}"]`)).toBeAttached();

  // The search box finds clubs in every league.
  await page.getByRole('button', { name: 'Cambiar club favorito' }).click();
  await page.getByRole('searchbox', { name: 'Buscar club' }).fill('barcelona');
  await expect(page.getByRole('radiogroup', { name: 'Clubes encontrados' }).getByRole('radio', { name: 'FC Barcelona' })).toBeVisible();
});

test('a player changes his username: a taken name, the 4-character rule, then a free name in the header', async ({ page }) => {
  const player = await createPlayer('ajustes');
  await openSettings(page, player);
  const fresh = `Gol_${Date.now().toString(36)}`;

  await page.getByRole('button', { name: 'Editar nombre de usuario' }).click();
  const field = page.getByRole('textbox', { name: 'Nombre de usuario' });
  await expect(field).toHaveValue((await serverProfile(player)).username);
  await expect(saveButton(page)).toBeDisabled();

  await field.fill('Ana_Aguila');
  await expect(page.getByText('Nombre no disponible')).toBeVisible();
  // Availability does not block saving; the database refuses the taken name and the typed value stays.
  await saveButton(page).click();
  await expect(saveBar(page).getByRole('alert')).toContainText('Error al actualizar el perfil.');
  await expect(field).toHaveValue('Ana_Aguila');

  // A zero-width space is not a character a name may have.
  await field.fill('Gol\u200Bazo');
  await expect(page.getByText('El nombre de usuario solo puede tener letras, números, _, . y -.')).toBeVisible();
  await expect(saveButton(page)).toBeDisabled();

  await field.fill(' abc ');
  await expect(page.getByText('El nombre de usuario debe tener al menos 4 caracteres.')).toBeVisible();
  await expect(saveButton(page)).toBeDisabled();

  await field.fill(fresh);
  await expect(page.getByText('Nombre disponible', { exact: true })).toBeVisible();
  await saveButton(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Perfil actualizado con éxito.' })).toBeVisible();
  await expect(page.getByTestId('settings-username')).toHaveText(fresh);
  await expect(page.getByRole('banner').getByTestId('header-username')).toHaveText(fresh);
  expect((await serverProfile(player)).username).toBe(fresh);
});

test('Cancel restores the last saved username and club, and the back button leads to the profile', async ({ page }) => {
  const player = await createPlayer('ajustes');
  const america = await clubByName('Club América');
  const { error } = await player.api.from('profiles').update({ favorite_club_id: america.id }).eq('id', player.id);
  if (error) throw error;
  const { username } = await serverProfile(player);
  await openSettings(page, player);

  await expect(page.getByTestId('settings-club')).toContainText('Club América');
  await page.getByRole('button', { name: 'Editar nombre de usuario' }).click();
  await page.getByRole('textbox', { name: 'Nombre de usuario' }).fill('Otro_Nombre');
  await page.getByRole('button', { name: 'Cambiar club favorito' }).click();
  await page.getByRole('group', { name: 'Filtrar por liga' }).getByRole('button', { name: 'Premier League' }).click();
  await page.getByRole('radiogroup', { name: 'Clubes de Premier League' }).getByText('Liverpool', { exact: true }).click();
  await expect(page.getByTestId('settings-club')).toContainText('Liverpool');
  await expect(saveButton(page)).toBeEnabled();

  await saveBar(page).getByRole('button', { name: 'Cancelar' }).click();
  await expect(saveBar(page)).toBeHidden();
  await expect(page.getByTestId('settings-username')).toHaveText(username);
  await expect(page.getByTestId('settings-club')).toContainText('Club América');
  await expect(page.getByRole('radiogroup')).toHaveCount(0);
  expect(await serverProfile(player)).toEqual({ username, favorite_club_id: america.id });

  await page.getByRole('link', { name: 'Volver a mi perfil' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a player switches an e-mail notice and the server keeps it', async ({ page }) => {
  const player = await createPlayer('ajustes');
  const before = await player.api.from('notification_preferences').select('news_updates').eq('user_id', player.id).single();
  if (before.error) throw before.error;
  await openSettings(page, player);

  const news = page.getByRole('switch', { name: 'Novedades' });
  await expect(news).toHaveAttribute('aria-checked', String(before.data.news_updates));
  await news.click();
  await expect(page.getByRole('status').filter({ hasText: 'Preferencias actualizadas.' })).toBeVisible();
  await expect(news).toHaveAttribute('aria-checked', String(!before.data.news_updates));
  await expect
    .poll(async () => (await player.api.from('notification_preferences').select('news_updates').eq('user_id', player.id).single()).data?.news_updates)
    .toBe(!before.data.news_updates);

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Novedades' })).toHaveAttribute('aria-checked', String(!before.data.news_updates));
});

test('the password can still be changed through the recovery mail', async ({ page }) => {
  const player = await createPlayer('ajustes');
  await openSettings(page, player);

  await page.getByRole('button', { name: 'Enviarme un enlace por correo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Correo de recuperación enviado. Revisa tu bandeja de entrada.' })).toBeVisible();
  expect(await mailLink(player.email, /Restablece tu contraseña/)).toMatch(/reset-password|redirect_to=[^&]*reset-password/);
});

test('changing the password after a long session asks for the 6-digit code mailed to the player (issue 42)', async ({ page }) => {
  const player = await createPlayer('clave');
  // Signed in 25 hours ago: Auth asks for a fresh code before a new password (secure_password_change).
  const { session_id } = decodeJwt(player.session.access_token) as { session_id: string };
  await e2eSql(`update auth.sessions set created_at = now() - interval '25 hours' where id = $1`, [session_id]);
  await openSettings(page, player);

  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await page.getByLabel('Contraseña nueva', { exact: true }).fill('NuevaClave2026');
  await page.getByLabel('Confirmar contraseña nueva', { exact: true }).fill('NuevaClave2026');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Por seguridad, te enviamos un código de 6 dígitos a ${player.email}.` })).toBeVisible();
  const mail = await newestMail(player.email, /es tu código de Quinielazo$/);
  const code = mail.subject.slice(0, 6);
  expect(mail.body.html).toContain(`<strong>${code}</strong>`);

  // A mistyped code is refused in Spanish and the password stays the same.
  const field = page.getByLabel('Código de 6 dígitos');
  await field.fill(code === '000000' ? '000001' : '000000');
  await page.getByRole('button', { name: 'Confirmar y guardar' }).click();
  await expect(page.getByText('El código no es correcto o ya venció. Revisa el correo más reciente o pide otro código.')).toBeVisible();
  await expect(signInPlayer(player.email, 'NuevaClave2026')).rejects.toMatchObject({ code: 'invalid_credentials' });

  await field.fill(code);
  await page.getByRole('button', { name: 'Confirmar y guardar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Contraseña actualizada.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cambiar contraseña' })).toBeVisible();
  expect((await signInPlayer(player.email, 'NuevaClave2026')).id).toBe(player.id);
});

test('changing the e-mail: a link to each address, and the change only once both are opened (issue 42)', async ({ page }) => {
  const player = await createPlayer('correo');
  const newEmail = player.email.replace('correo-', 'nuevo-');
  const accountEmail = async () => (await serviceClient().auth.admin.getUserById(player.id)).data.user?.email;
  await openSettings(page, player);

  await page.getByRole('button', { name: 'Cambiar correo electrónico' }).click();
  await page.getByLabel('Correo nuevo').fill(newEmail);
  await page.getByRole('button', { name: 'Enviar enlaces' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Te enviamos un enlace a ${player.email} y otro a ${newEmail}. Ábrelos los dos para confirmar el cambio` }),
  ).toBeVisible();
  await expect(page.getByTestId('settings-email')).toHaveText(player.email);

  // The new address's link: back on /settings, told to open the other one; nothing changed yet.
  const toNew = await newestMail(newEmail, /Confirma el cambio de correo/);
  expect(toNew.body.text).toContain(`de ${player.email} a ${newEmail}`);
  await page.goto(await mailLink(newEmail, /Confirma el cambio de correo/));
  await expect(page.getByRole('status').filter({ hasText: 'Listo, confirmaste desde uno de tus correos. Ahora abre el enlace que te enviamos al otro' })).toBeVisible();
  await expect(page.getByTestId('settings-email')).toHaveText(player.email);
  expect(await accountEmail()).toBe(player.email);
  // A reload still says the change waits for the other address.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: `Cambio pendiente a ${newEmail}: confírmalo desde tu correo actual y desde el nuevo.` })).toBeVisible();

  // The current address's link completes it, and signs this phone in with the new address.
  await page.goto(await mailLink(player.email, /Confirma el cambio de correo/));
  await expect(page.getByTestId('settings-email')).toHaveText(newEmail);
  expect(await accountEmail()).toBe(newEmail);
  await expect(page.getByText(/Cambio pendiente/)).toHaveCount(0);
});
