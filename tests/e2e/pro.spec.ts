// Pro on a phone (390×844), through the local MercadoPago's checkout page in Chromium: a player
// buys a pack of 3, comes back and sees his 3 entries, copies his free picks into one and
// changes a pick; the results page follows an admin's saved result live; a rejected payment
// says so and credits nothing. Each journey makes its own round (tests/support/e2e-players.ts).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createPlayer, createRound, signInPage, type E2ePlayer } from '../support/e2e-players.ts';
import { e2eSql } from '../support/e2e-standings.ts';

test.describe.configure({ timeout: 90_000 });

async function phone(browser: Browser, player: E2ePlayer): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signInPage(page, player);
  return { page, close: () => context.close() };
}

async function liveEntries(playerId: string, roundId: number): Promise<number> {
  const rows = await e2eSql<{ n: number }>('select count(*)::int as n from public.paid_entries where user_id = $1 and quiniela_id = $2 and voided_at is null', [playerId, roundId]);
  return rows[0]!.n;
}

async function matchIds(roundId: number): Promise<number[]> {
  const rows = await e2eSql<{ id: string }>('select id from public.matches where quiniela_id = $1 order by match_order', [roundId]);
  return rows.map((r) => Number(r.id));
}

/** Buys a pack on /pro for the round and chooses `choice` on MercadoPago's checkout page. */
async function buyPack(page: Page, roundId: number, pack: RegExp, choice: RegExp) {
  await page.goto(`/pro?quiniela=${roundId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Juega con dinero real por una bolsa que crece');
  const adult = page.getByLabel(/Confirmo que tengo 18 años o más/);
  if (await adult.isEnabled()) await adult.check();
  await page.getByRole('button', { name: pack }).click();
  await expect(page.getByRole('heading', { name: 'Pagar con Mercado Pago' })).toBeVisible();
  await page.getByRole('button', { name: choice }).click();
  await page.waitForURL(new RegExp(`/pro/${roundId}\\?`));
}

test('a player buys a pack of 3, sees 3 entries, copies his free picks into one and changes a pick', async ({ browser }) => {
  const player = await createPlayer('pro');
  const round = await createRound(`Pro compra ${Date.now()}`, 3);
  const [m1, m2, m3] = await matchIds(round.id);
  await e2eSql(
    `insert into public.picks (user_id, match_id, quiniela_id, result) values ($1, $2, $5, 'Local'), ($1, $3, $5, 'Empate'), ($1, $4, $5, 'Visita')`,
    [player.id, m1, m2, m3, round.id],
  );
  const { page, close } = await phone(browser, player);

  // Before paying: a visitor-safe pool of the minimum, the prices from the packs table.
  await page.goto(`/pro?quiniela=${round.id}`);
  await expect(page.getByTestId('pro-pool')).toHaveText('$300.00');
  await expect(page.getByText('$75.00')).toBeVisible(); // 3 × 25 struck through beside 60
  await page.getByRole('button', { name: /Comprar paquete de 3 por \$60\.00/ }).click();
  await expect(page.getByRole('alert')).toHaveText('Confirma que tienes 18 años o más para jugar Pro.');

  await buyPack(page, round.id, /Comprar paquete de 3 por \$60\.00/, /Pagar \$60/);
  await expect(page.getByRole('status').filter({ hasText: '¡Pago aprobado!' })).toBeVisible();
  for (const label of ['Entrada 1', 'Entrada 2', 'Entrada 3']) await expect(page.getByRole('heading', { name: label })).toBeVisible();
  expect(await liveEntries(player.id, round.id)).toBe(3);

  const first = page.getByRole('region', { name: 'Entrada 1' });
  await expect(first.getByRole('button', { name: 'Guardar progreso' })).toBeVisible();
  await first.getByRole('button', { name: 'Copiar mis predicciones de la versión gratis' }).click();
  await expect(first.getByRole('status')).toHaveText('Copiamos 3 predicciones de tu quiniela gratis.');
  const groups = first.getByRole('group');
  await expect(groups.nth(0).getByRole('button', { name: 'Local' })).toHaveAttribute('aria-pressed', 'true');
  await expect(groups.nth(2).getByRole('button', { name: 'Visita' })).toHaveAttribute('aria-pressed', 'true');
  await expect(first.getByRole('button', { name: 'Enviar entrada' })).toBeVisible();

  await groups.nth(1).getByRole('button', { name: 'Local' }).click();
  await expect(first.getByRole('status')).toHaveText('Predicción guardada');
  await expect
    .poll(async () => (await e2eSql<{ result: string }>(`select k.result from public.paid_picks k join public.paid_entries e on e.id = k.paid_entry_id where e.user_id = $1 and e.label = 'Entrada 1' and k.match_id = $2`, [player.id, m2]))[0]?.result)
    .toBe('Local');
  // The saved line goes by itself (after 3 seconds; the time is the screen's, not the test's).
  await expect(first.getByRole('status')).toHaveCount(0);
  // The other entries are untouched.
  await expect(page.getByRole('region', { name: 'Entrada 2' }).getByRole('button', { name: 'Guardar progreso' })).toBeVisible();
  await close();
});

test('a payment left pending at the checkout and approved after the player came back shows its entries live, without a reload', async ({ browser }) => {
  const player = await createPlayer('pro');
  const round = await createRound(`Pro pendiente ${Date.now()}`, 3);
  const { page, close } = await phone(browser, player);
  // The way back from MercadoPago is a fresh page load with a stored session: the case whose
  // channel joined without the player's token and never heard his rows.
  await buyPack(page, round.id, /Comprar 1 entrada por \$25\.00/, /Dejar el pago pendiente/);
  await expect(page.getByText('Tienes 1 pago pendiente.')).toBeVisible();
  await expect(page.getByText('No tienes entradas para esta quiniela.')).toBeVisible();
  const paymentId = await expect
    .poll(async () => (await e2eSql<{ provider_payment_id: string }>('select provider_payment_id from public.payments where user_id = $1 and quiniela_id = $2', [player.id, round.id]))[0]?.provider_payment_id)
    .toBeTruthy()
    .then(async () => (await e2eSql<{ provider_payment_id: string }>('select provider_payment_id from public.payments where user_id = $1 and quiniela_id = $2', [player.id, round.id]))[0]!.provider_payment_id);

  // MercadoPago approves it a moment later: the webhook credits the entry.
  const approved = await fetch(`${process.env.MERCADOPAGO_URL}/__local/payments/${paymentId}/status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'approved' }),
  });
  expect(approved.status).toBe(200);
  expect(await liveEntries(player.id, round.id)).toBe(1);
  await expect(page.getByRole('heading', { name: 'Entrada 1' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Tienes 1 pago pendiente.')).toHaveCount(0);
  await close();
});

test('the results page follows the admin saving a result live', async ({ browser }) => {
  const player = await createPlayer('pro');
  const round = await createRound(`Pro en vivo ${Date.now()}`, 3);
  const [m1] = await matchIds(round.id);
  const { page, close } = await phone(browser, player);
  await buyPack(page, round.id, /Comprar 1 entrada por \$25\.00/, /Pagar \$25/);
  const entry = page.getByRole('region', { name: 'Entrada 1' });
  await expect(entry).toBeVisible();
  await entry.getByRole('group').nth(0).getByRole('button', { name: 'Empate' }).click();
  await expect(entry.getByRole('status')).toHaveText('Predicción guardada');

  await page.goto(`/pro/${round.id}/resultados`);
  const row = page.getByTestId('pro-result-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByLabel('0 puntos')).toBeVisible();
  await e2eSql(`update public.quinielas set deadline = now() - interval '1 second' where id = $1`, [round.id]);
  await e2eSql(`update public.matches set correct_result = 'Empate' where id = $1`, [m1]);
  await expect(row.getByLabel('1 punto', { exact: true })).toBeVisible();
  await close();
});

test('a rejected payment says so and credits nothing', async ({ browser }) => {
  const player = await createPlayer('pro');
  const round = await createRound(`Pro rechazo ${Date.now()}`, 3);
  const { page, close } = await phone(browser, player);
  await buyPack(page, round.id, /Comprar 1 entrada por \$25\.00/, /Rechazar el pago/);
  await expect(page.getByRole('alert')).toHaveText('Tu pago fue rechazado y no se te cobró. Puedes intentar con otra tarjeta.');
  await expect(page.getByText('No tienes entradas para esta quiniela.')).toBeVisible();
  // The webhook is delivered beside the redirect: wait for its record.
  await expect
    .poll(async () => (await e2eSql<{ outcome: string }>('select outcome from public.payments where user_id = $1 and quiniela_id = $2', [player.id, round.id])).map((p) => p.outcome))
    .toEqual(['rejected']);
  expect(await liveEntries(player.id, round.id)).toBe(0);
  await close();
});

test('/picks offers Pro with the same picks once the last of them is saved, and not before', async ({ browser }) => {
  const player = await createPlayer('propicks');
  const round = await createRound(`Pro en mis picks ${Date.now()}`, 3);
  const { page, close } = await phone(browser, player);
  await page.goto(`/picks?quiniela=${round.id}`);
  const matches = page.getByRole('list', { name: 'Partidos' }).getByRole('group');
  for (let i = 0; i < 2; i++) await matches.nth(i).getByRole('button', { name: /^Local/ }).click();
  await expect(page.getByRole('status', { name: 'Tus predicciones' })).toHaveText('2 de 3 guardadas · puedes cambiarlas hasta el cierre');
  const offer = page.getByRole('region', { name: '¿Juegas Pro con las mismas predicciones?' });
  await expect(offer).toHaveCount(0);
  await matches.nth(2).getByRole('button', { name: /^Local/ }).click();
  await expect(page.getByText('Tus predicciones se guardaron correctamente.')).toBeVisible();
  await expect(offer).toBeVisible();
  await offer.getByRole('link', { name: 'Jugar Pro' }).click();
  await expect(page).toHaveURL(new RegExp(`/pro\\?quiniela=${round.id}$`));
  await close();
});

test('the weekly page offers Pro with the same picks after saving; a visitor is asked to sign in before buying', async ({ browser }) => {
  const player = await createPlayer('pro');
  const round = await createRound(`Pro oferta ${Date.now()}`, 3);
  const { page, close } = await phone(browser, player);
  await page.goto(`/quinielazo-de-la-semana?quiniela=${round.id}`);
  const promo = page.getByRole('region', { name: /^Bolsa Pro: \$300\.00$/ });
  await expect(promo).toBeVisible();
  const matches = page.getByRole('list', { name: 'Partidos' }).getByRole('group');
  for (let i = 0; i < 3; i++) await matches.nth(i).getByRole('button', { name: /^Local/ }).click();
  await expect(page.getByText('Tus predicciones se guardaron correctamente.')).toBeVisible();
  const offer = page.getByRole('region', { name: '¿Juegas Pro con las mismas predicciones?' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: '¿Cómo funciona?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Así funciona Quinielazo Pro' });
  await expect(dialog).toContainText('Cada acierto vale 1 punto');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await offer.getByRole('link', { name: 'Jugar Pro' }).click();
  await expect(page).toHaveURL(new RegExp(`/pro\\?quiniela=${round.id}$`));
  await expect(page.getByRole('heading', { name: `Bolsa de ${await roundName(round.id)}` })).toBeVisible();
  await close();

  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const anonymous = await visitor.newPage();
  await anonymous.goto(`/pro?quiniela=${round.id}`);
  await anonymous.getByRole('button', { name: /Comprar 1 entrada por \$25\.00/ }).click();
  await expect(anonymous.getByRole('alert')).toContainText('Debes iniciar sesión.');
  await expect(anonymous.getByRole('alert').getByRole('link', { name: 'Inicia sesión' })).toHaveAttribute('href', /\/login\?redirect=%2Fpro|\/login\?redirect=\/pro/);
  await visitor.close();
});

async function roundName(roundId: number): Promise<string> {
  return (await e2eSql<{ name: string }>('select name from public.quinielas where id = $1', [roundId]))[0]!.name;
}
