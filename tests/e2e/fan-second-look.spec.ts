// Issue 44, a fan's second look at 390 px: items 1 (the invitation never lost, whatever road the
// visitor takes), 2 (one round on the weekly page, the one chosen, named in the URL), 7 (the
// vote split's one number) and 8 (the signed-in header: the ☰ button uncovered, the name whole).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { closeRoundNow, createPlayer, createRound, signInPage } from '../support/e2e-players.ts';
import { mailLink } from '../support/e2e-inbox.ts';
import { e2eSql } from '../support/e2e-standings.ts';

/** The server waits 1.5 s for the liga before it sends the skeleton; on this busy machine a first
 * read may take longer, so the invitation is asked for again within this. */
const DATA = { timeout: 30_000 };
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function makeLiga() {
  const owner = await createPlayer('anfitrion');
  const name = `Cuates ${tag()}`;
  const { data, error } = await owner.api.rpc('create_league', { name });
  if (error) throw error;
  return { name, code: data[0]!.code as string, leagueId: data[0]!.id as string };
}

/** The invitation as the server wrote it (not the skeleton it sends when the database is slow). */
async function openInvitation(page: Page, code: string, name: string) {
  await expect(async () => {
    await page.goto(`/liga/${code}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 1_000 });
  }).toPass(DATA);
}

const signUpHref = (code: string) => `/signup?liga=${code}`;
const logInHref = (code: string) => `/login?redirect=${encodeURIComponent(`/liga/${code}?unirme=1`)}`;
const headerLink = (page: Page, name: string) => page.getByRole('banner').getByRole('link', { name, exact: true });
const footerSignUp = (page: Page) => page.getByRole('contentinfo').getByRole('link', { name: 'Regístrate gratis' });

async function signUp(page: Page, email: string, username: string) {
  await expect(page.getByRole('heading', { name: 'Crea tu cuenta gratis' })).toBeVisible();
  await page.getByLabel('Nombre de usuario').fill(username);
  await expect(page.getByText('Disponible', { exact: true })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('Golazo2025!');
  await page.getByLabel('Confirmar contraseña', { exact: true }).fill('Golazo2025!');
  await page.getByRole('checkbox', { name: /Acepto los términos/ }).check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();
}

async function logIn(page: Page, email: string) {
  await expect(page.getByText('Al iniciar sesión entrarás a la liga de tu invitación.')).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('Golazo2025');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

async function inTheLiga(page: Page, liga: { name: string; leagueId: string }) {
  await expect(page).toHaveURL(new RegExp(`/ligas/${liga.leagueId}`), DATA);
  await expect(page.getByRole('heading', { level: 1, name: liga.name })).toBeVisible(DATA);
}

const isMember = async (leagueId: string, userId: string) => (await e2eSql('select 1 from public.league_members where league_id = $1 and user_id = $2', [leagueId, userId])).length === 1;

async function phone(browser: Browser, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ locale: 'es-MX', timezoneId: 'America/Mexico_City', isMobile: true, hasTouch: true, viewport: { width: 390, height: 844 }, ...options });
  return { context, page: await context.newPage() };
}

test.describe('item 1: every road from an invitation ends in the liga', () => {
  test('the header\'s "Crear cuenta" and the footer\'s "Regístrate gratis" carry the liga, and the confirmation opened on another phone lands in it', async ({ browser }) => {
    const liga = await makeLiga();
    // As the server writes the page, before any script.
    const plain = await phone(browser, { javaScriptEnabled: false });
    await openInvitation(plain.page, liga.code, liga.name);
    await expect(headerLink(plain.page, 'Crear cuenta')).toHaveAttribute('href', signUpHref(liga.code));
    await expect(headerLink(plain.page, 'Iniciar sesión')).toHaveAttribute('href', logInHref(liga.code));
    await expect(footerSignUp(plain.page)).toHaveAttribute('href', signUpHref(liga.code));
    await plain.context.close();

    // As the app draws it, once it took the page over.
    const { context, page } = await phone(browser);
    await openInvitation(page, liga.code, liga.name);
    await page.keyboard.press('Tab');
    await expect(page).toHaveTitle('Invitación a una liga · Quinielazo', DATA);
    await expect(footerSignUp(page)).toHaveAttribute('href', signUpHref(liga.code));
    await expect(headerLink(page, 'Iniciar sesión')).toHaveAttribute('href', logInHref(liga.code));
    await headerLink(page, 'Crear cuenta').click();
    await expect(page).toHaveURL(new RegExp(`/signup\\?liga=${liga.code}$`));
    // The sign-up's own links keep it too.
    await expect(headerLink(page, 'Iniciar sesión')).toHaveAttribute('href', logInHref(liga.code));
    await expect(footerSignUp(page)).toHaveAttribute('href', signUpHref(liga.code));
    await expect(page.getByText('Al confirmar tu correo entrarás a la liga de tu invitación.')).toBeVisible();
    const t = tag();
    const email = `camino-${t}@e2e.quinielazo.mx`;
    await signUp(page, email, `camino_${t}`.slice(0, 20));
    await context.close();

    // The mail opened on another phone: no tab, no storage of the first one.
    const other = await phone(browser);
    await other.page.goto(await mailLink(email, /Confirma tu cuenta/));
    await inTheLiga(other.page, liga);
    await other.context.close();
  });

  test('a visitor who signs in instead, from the header or from the sign-up, comes back into the liga, joined', async ({ browser }) => {
    const liga = await makeLiga();
    // The header's "Iniciar sesión", tapped before the app took the page over.
    const first = await createPlayer('porarriba');
    const a = await phone(browser);
    await openInvitation(a.page, liga.code, liga.name);
    await headerLink(a.page, 'Iniciar sesión').click();
    await expect(a.page).toHaveURL(/\/login\?redirect=/);
    await logIn(a.page, first.email);
    await inTheLiga(a.page, liga);
    expect(await isMember(liga.leagueId, first.id)).toBe(true);
    await a.context.close();

    // "Unirme a la liga", then the sign-up's "Inicia sesión"; on the way, the sign-in's
    // "Crear cuenta" still leads to the sign-up with the liga.
    const second = await createPlayer('porabajo');
    const b = await phone(browser);
    await openInvitation(b.page, liga.code, liga.name);
    await b.page.getByRole('main').getByRole('link', { name: 'Unirme a la liga' }).click();
    await expect(b.page).toHaveURL(new RegExp(`/signup\\?liga=${liga.code}$`));
    await b.page.getByRole('main').getByRole('link', { name: 'Inicia sesión', exact: true }).click();
    await expect(b.page).toHaveURL(/\/login\?redirect=/);
    await expect(b.page.getByRole('main').getByRole('link', { name: 'Crear cuenta' })).toHaveAttribute('href', signUpHref(liga.code));
    await expect(headerLink(b.page, 'Crear cuenta')).toHaveAttribute('href', signUpHref(liga.code));
    await expect(footerSignUp(b.page)).toHaveAttribute('href', signUpHref(liga.code));
    await logIn(b.page, second.email);
    await inTheLiga(b.page, liga);
    expect(await isMember(liga.leagueId, second.id)).toBe(true);
    await b.context.close();
  });
});

test('item 1: the sign-up and the sign-in opened as pages of their own (a slow phone, before the app took the invitation over) keep the liga in their links', async ({ page }) => {
  // The invitation's "Unirme a la liga" tapped before the app had taken the server's page over is
  // a full load of the prerendered /signup, drawn for no liga: hydration kept its plain links.
  const liga = await makeLiga();
  await page.goto(signUpHref(liga.code));
  await expect(page.getByRole('main').getByRole('link', { name: 'Inicia sesión', exact: true })).toHaveAttribute('href', logInHref(liga.code));
  await expect(headerLink(page, 'Iniciar sesión')).toHaveAttribute('href', logInHref(liga.code));
  await page.goto(logInHref(liga.code));
  await expect(page.getByRole('main').getByRole('link', { name: 'Crear cuenta' })).toHaveAttribute('href', signUpHref(liga.code));
  await expect(page.getByText('Al iniciar sesión entrarás a la liga de tu invitación.')).toBeVisible();
});

test('item 1: the app taking over the sign-up and the sign-in from an invitation moves none of their links or buttons', async ({ page }) => {
  // Its notice ("… entrarás a la liga …") appears once the app runs: drawn above the footer's
  // "Inicia sesión" it pushed the link down while a finger was on its way (1 run in 12 on a busy
  // machine tapped the card instead, and the visitor stayed on the sign-up).
  const liga = await makeLiga();
  // Where each link and button of the page is as the server's HTML lays it out, before any of
  // the app's scripts has run (they start after the first frame).
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { laidOut: string[] }).laidOut = [...document.querySelectorAll('main a, main button')].map(
        (e) => `${e.textContent} @ ${Math.round(e.getBoundingClientRect().top + window.scrollY)}`,
      );
    });
  });
  const laidOut = () => page.evaluate(() => (window as unknown as { laidOut: string[] }).laidOut);
  const now = () =>
    page.evaluate(() => [...document.querySelectorAll('main a, main button')].map((e) => `${e.textContent} @ ${Math.round(e.getBoundingClientRect().top + window.scrollY)}`));
  for (const [href, notice] of [
    [signUpHref(liga.code), 'Al confirmar tu correo entrarás a la liga de tu invitación.'],
    [logInHref(liga.code), 'Al iniciar sesión entrarás a la liga de tu invitación.'],
  ]) {
    await page.goto(href!);
    await expect(page.getByText(notice!)).toBeVisible();
    const before = await laidOut();
    expect(before.length).toBeGreaterThan(2);
    expect(await now()).toEqual(before);
  }
});

test('item 1: before any script of the app has run, the sign-up, the sign-in and the invitation already carry the liga in their links', async ({ page }) => {
  // A tap before hydration (a slow phone, or a page the service worker served as built) once
  // followed the prerendered plain links: the invitation was lost (2 of 6 runs of the test above).
  const liga = await makeLiga();
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  // The header's visitor buttons keep their room hidden until the app knows there is no session.
  const inHeader = (name: string) => page.getByRole('banner').locator('a', { hasText: new RegExp(`^${name}$`) });
  await page.goto(signUpHref(liga.code));
  await expect(inHeader('Iniciar sesión')).toHaveAttribute('href', logInHref(liga.code));
  await expect(page.getByRole('main').getByRole('link', { name: 'Inicia sesión', exact: true })).toHaveAttribute('href', logInHref(liga.code));
  await page.goto(logInHref(liga.code));
  await expect(inHeader('Crear cuenta')).toHaveAttribute('href', signUpHref(liga.code));
  await expect(page.getByRole('main').getByRole('link', { name: 'Crear cuenta' })).toHaveAttribute('href', signUpHref(liga.code));
  await expect(footerSignUp(page)).toHaveAttribute('href', signUpHref(liga.code));
  // A page with no invitation keeps its plain links.
  await page.goto('/signup');
  await expect(inHeader('Iniciar sesión')).toHaveAttribute('href', '/login');
});

test('item 2: the weekly page shows one round, the one chosen, named in the URL; back and forward follow', async ({ page }) => {
  const name = `Quiniela elegida ${tag()}`;
  const round = await createRound(name);
  await page.goto('/quinielazo-de-la-semana');
  const boards = page.getByRole('main').getByRole('heading', { level: 2 }).and(page.locator('#round-title'));
  await expect(boards).toHaveCount(1);
  const first = (await boards.textContent())!;
  expect(first).not.toBe(name);

  await page.getByRole('combobox', { name: 'Quiniela' }).selectOption(String(round.id));
  await expect(page).toHaveURL(new RegExp(`/quinielazo-de-la-semana\\?quiniela=${round.id}$`));
  await expect(boards).toHaveText([name]);
  await expect(page.getByRole('combobox', { name: 'Quiniela' })).toHaveValue(String(round.id));

  await page.goBack();
  await expect(page).toHaveURL(/\/quinielazo-de-la-semana$/);
  await expect(boards).toHaveText([first]);
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`\\?quiniela=${round.id}$`));
  await expect(boards).toHaveText([name]);
});

test('item 7: a closed match\'s buttons and its bar say the same percentages, adding up to 100', async ({ page }) => {
  // Three players, one vote each: a third each, which rounds to 33 + 33 + 33 unless one number is made.
  const round = await createRound(`Votos ${tag()}`, 1);
  const voters = await Promise.all([0, 1, 2].map(() => createPlayer('votos')));
  const [match] = await e2eSql<{ id: string }>('select id from public.matches where quiniela_id = $1', [round.id]);
  const sides = ['Local', 'Empate', 'Visita'] as const;
  for (const [i, side] of sides.entries()) {
    await e2eSql('insert into public.picks (user_id, match_id, quiniela_id, result) values ($1, $2, $3, $4)', [voters[i]!.id, match!.id, round.id, side]);
  }
  await closeRoundNow(round.id);
  await signInPage(page, voters[0]!);
  await page.goto(`/quinielazo-de-la-semana?quiniela=${round.id}`);
  const card = page.getByRole('list', { name: 'Partidos' }).getByRole('listitem');
  const bar = card.getByRole('img', { name: /^Votos: / });
  await expect(bar).toBeVisible();
  const said = (await bar.getAttribute('aria-label'))!;
  const onBar = Object.fromEntries(sides.map((side) => [side, Number(new RegExp(`${side} (\\d+)%`).exec(said)![1])]));
  const onButtons: Record<string, number> = {};
  for (const side of sides) {
    const text = (await card.getByRole('button', { name: new RegExp(`^${side}`) }).textContent())!;
    onButtons[side] = Number(/(\d+)%/.exec(text)![1]);
  }
  expect(onButtons).toEqual(onBar);
  expect(onBar.Local! + onBar.Empate! + onBar.Visita!).toBe(100);
  // The bar's own words under it say the same.
  for (const side of sides) await expect(card.getByTestId('vote-split')).toContainText(`${side} ${onBar[side]}%`);
});

test('item 8: at 390 px with "Instalar app" on offer, an admin\'s header keeps ☰ uncovered and his name whole', async ({ page }) => {
  const admin = await createPlayer('jefe');
  const username = `ad${tag().slice(-5)}`;
  await e2eSql('insert into public.admins (id) values ($1)', [admin.id]);
  await e2eSql('update public.profiles set username = $2 where id = $1', [admin.id, username]);
  await signInPage(page, admin);
  await page.goto('/inicio');
  const name = page.getByRole('banner').getByTestId('header-username');
  await expect(name).toHaveText(username);
  // Chromium offers to install the app (the full browser fires this for the installed PWA).
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => undefined,
      userChoice: Promise.resolve({ outcome: 'dismissed', platform: '' }),
    });
    window.dispatchEvent(offer);
  });
  // The offer is taken: the slide-out menu offers the install.
  const hamburger = page.getByRole('button', { name: 'Abrir menú' });
  await hamburger.click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Instalar app' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // On a phone the header's own install button stays away; the name is whole, and the account
  // button ends before ☰ begins (its chevron is not drawn on a phone: ☰ is the menu's sign there,
  // and its room went to the name, issue 44's outside walk).
  await expect(page.getByRole('banner').getByRole('button', { name: 'Instalar app' })).toBeHidden();
  expect(await name.evaluate((el) => el.clientWidth > 0 && el.scrollWidth <= el.clientWidth)).toBe(true);
  const account = page.getByRole('button', { name: `Menú de cuenta de ${username}` });
  await expect(account.locator('svg')).toBeHidden();
  const menu = (await hamburger.boundingBox())!;
  const accountBox = (await account.boundingBox())!;
  expect(accountBox.x + accountBox.width).toBeLessThanOrEqual(menu.x);
  // What a thumb on ☰'s middle touches is ☰.
  expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label'), { x: menu.x + menu.width / 2, y: menu.y + menu.height / 2 })).toBe('Abrir menú');
});
