// Issue 44, item 15, at 390 px: the referral card shares by WhatsApp, not only "Copiar enlace":
// WhatsApp's own wa.me link where the phone has no share sheet (this Chromium has none), with the
// invitation's words and the player's link; the liga page's "Invitar por WhatsApp" does the same.
import { expect, test } from '@playwright/test';
import { createPlayer, signInPage } from '../support/e2e-players.ts';
import { e2eSql } from '../support/e2e-standings.ts';

test('item 15: the referral card has "Compartir por WhatsApp", a wa.me link with the invitation', async ({ page }) => {
  const player = await createPlayer('comparte');
  const [me] = await e2eSql<{ referral_code: string }>('select referral_code from public.profiles where id = $1', [player.id]);
  await signInPage(page, player);
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Invita a tus amigos' });
  expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
  const whatsapp = card.getByRole('link', { name: 'Compartir por WhatsApp' });
  await expect(whatsapp).toBeVisible({ timeout: 30_000 });
  const href = new URL((await whatsapp.getAttribute('href'))!);
  expect(href.origin).toBe('https://wa.me');
  expect(href.searchParams.get('text')).toMatch(new RegExp(`^¡Juega conmigo la quiniela de la semana en Quinielazo!.* https?://[^ ]+/signup\\?ref=${me!.referral_code}$`));
  await expect(card.getByRole('button', { name: 'Copiar enlace' })).toBeVisible();
});

test('item 15: the liga page\'s "Invitar por WhatsApp" opens a wa.me link with the liga\'s invitation and its link', async ({ page }) => {
  const owner = await createPlayer('ligacomparte');
  const name = `Comparte ${Date.now().toString(36)}`;
  const { data, error } = await owner.api.rpc('create_league', { name });
  if (error) throw error;
  const { id: leagueId, code } = data[0]!;
  // WhatsApp itself is not reached from here: its page is answered locally, so the popup's address
  // is what the button opened.
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }));
  await signInPage(page, owner);
  await page.goto(`/ligas/${leagueId}`);
  expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
  const invite = page.getByRole('region', { name: 'Invita a tu grupo' });
  const link = `${new URL(page.url()).origin}/liga/${code}`;
  await expect(invite.getByRole('textbox', { name: 'Enlace de invitación' })).toHaveValue(link, { timeout: 30_000 });
  const [popup] = await Promise.all([page.waitForEvent('popup'), invite.getByRole('button', { name: 'Invitar por WhatsApp' }).click()]);
  await popup.waitForURL(/^https:\/\/wa\.me\//);
  const href = new URL(popup.url());
  expect(href.origin).toBe('https://wa.me');
  expect(href.searchParams.get('text')).toBe(`¡Únete a mi liga «${name}» en Quinielazo! Jugamos la quiniela de cada semana y vemos quién gana. ${link}`);
});
