// Referrals end to end (390×844): a player copies his invitation link; a new player opens it,
// signs up, confirms by mail and plays a round; once the round is scored, the first player's
// referral card counts the friend as invited and active with the referral points, and his
// leaderboard row carries '🎯 +3 pts por referir'.
import { expect, test } from '@playwright/test';
import { createPlayer, createRound, signInPage } from '../support/e2e-players.ts';
import { mailLink } from '../support/e2e-inbox.ts';
import { e2eSql } from '../support/e2e-standings.ts';

test('a friend who signs up through the invitation link and plays shows on the referral card and the leaderboard', async ({ page, browser, context }) => {
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const referrer = await createPlayer('refiere');
  const [me] = await e2eSql<{ username: string; referral_code: string }>('select username, referral_code from public.profiles where id = $1', [referrer.id]);
  // A round of this test (its deadline after every other open round's, so it is nobody's
  // "current round"); the referrer plays it too, as the bonus asks.
  const round = await createRound(`Quiniela referidos ${Date.now().toString(36)}`, 3);
  await e2eSql(`insert into public.picks (user_id, match_id, result) select $1, id, 'Local' from public.matches where quiniela_id = $2`, [referrer.id, round.id]);

  // The referrer's card before: nobody invited yet; he copies his link.
  await signInPage(page, referrer);
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Invita a tus amigos' });
  await expect(card.getByRole('definition')).toHaveText(['0', '0', '0']);
  await card.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(card.getByRole('status')).toHaveText('¡Enlace copiado!');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/signup\\?ref=${me!.referral_code}$`));

  // The friend, on his own phone, opens the link and signs up.
  const friendContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  const friend = await friendContext.newPage();
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const email = `amigo-${tag}@correo.mx`;
  const username = `amigo_${tag}`.slice(0, 20);
  const password = 'Golazo2025!';
  await friend.goto(link);
  await expect(friend.getByRole('heading', { name: 'Crea tu cuenta gratis' })).toBeVisible();
  // The landing is recorded once for this visitor and code.
  await expect.poll(async () => (await e2eSql<{ n: number }>('select count(*)::int as n from public.referral_clicks where referral_code = $1', [me!.referral_code]))[0].n).toBe(1);
  await friend.getByLabel('Nombre de usuario').fill(username);
  await expect(friend.getByText('Disponible', { exact: true })).toBeVisible();
  await friend.getByLabel('Correo electrónico').fill(email);
  await friend.getByLabel('Contraseña', { exact: true }).fill(password);
  await friend.getByLabel('Confirmar contraseña', { exact: true }).fill(password);
  await friend.getByRole('checkbox', { name: /Acepto los términos/ }).check();
  await friend.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(friend.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();
  await friend.goto(await mailLink(email, /Confirma tu cuenta/));
  await expect(friend).toHaveURL(/\/inicio#?$/);
  const [friendProfile] = await e2eSql<{ id: string; referred_by: string }>('select id, referred_by from public.profiles where email = $1', [email]);
  expect(friendProfile!.referred_by).toBe(referrer.id);

  // Invited, not active yet: he has played nothing.
  await page.reload();
  await expect(card.getByRole('definition')).toHaveText(['1', '0', '0']);

  // The friend plays the round: picks every match (each tap is saved).
  await friend.goto(`/picks?quiniela=${round.id}`);
  const matches = friend.getByRole('list', { name: 'Partidos' }).getByRole('group');
  await expect(matches).toHaveCount(3);
  for (let i = 0; i < 3; i++) await matches.nth(i).getByRole('button', { name: /^Local/ }).click();
  await expect(friend.getByText('Tus predicciones se guardaron correctamente.')).toBeVisible();
  const [picked] = await e2eSql<{ n: number }>('select count(*)::int as n from public.picks where user_id = $1 and quiniela_id = $2', [friendProfile!.id, round.id]);
  expect(picked!.n).toBe(3);
  await friendContext.close();

  // The round closes (a minute ago by the database clock, within this Mexico City month) and
  // is scored.
  await e2eSql(
    `update public.quinielas
     set deadline = greatest(now() - interval '1 minute',
                             (date_trunc('month', now() at time zone 'America/Mexico_City') at time zone 'America/Mexico_City') + interval '1 second')
     where id = $1`,
    [round.id],
  );
  await e2eSql(`update public.matches set correct_result = 'Local' where quiniela_id = $1`, [round.id]);
  await e2eSql('update public.quinielas set results_saved = true where id = $1', [round.id]);
  // What the rules of this month give per referred friend.
  const [bonus] = await e2eSql<{ points: number }>(
    `select points::int as points from public.bonuses_for((now() at time zone 'America/Mexico_City')::date) where code = 'referral'`,
  );

  await page.reload();
  await expect(card.getByRole('definition')).toHaveText(['1', '1', String(bonus!.points)]);

  await page.goto('/leaderboard');
  const own = page.getByRole('row').filter({ hasText: `${me!.username.slice(0, 15)}` }).filter({ hasText: '(tú)' });
  await expect(own.first()).toContainText('🎯 +3 pts por referir');
});

test('a visitor who taps "Regístrate gratis" before the scripts ran keeps the referral code for the sign-up', async ({ page }) => {
  // The prerendered home page works without its scripts: none load here.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/?ref=k627blzd');
  await page.getByRole('main').getByRole('link', { name: 'Regístrate gratis' }).first().click();
  await expect(page).toHaveURL(/\/signup$/);
  // What the sign-up form attaches as referred_by (features/auth/referral.ts, storedReferralCode).
  expect(await page.evaluate(() => localStorage.getItem('quinielazo.referral-code'))).toBe('K627BLZD');
});
