// The round chat on /quinielazo-de-la-semana, on phones: two players chat live in two browser
// contexts, the database's rate limit reaches the screen in Spanish, an admin removes a message
// and it disappears from every screen; a visitor reads (text stays text) and sees the sign-up
// prompt; older messages on request; a phone that lost its connection catches up.
import { expect, test, type Browser, type BrowserContext, type Page, type WebSocketRoute } from '@playwright/test';
import { createPlayer, createRound, serviceClient, signInPage, signInPlayer, type E2ePlayer } from '../support/e2e-players.ts';
import { doubleSubmit, requestsTo } from '../support/double-tap.ts';
import { e2eSql } from '../support/e2e-standings.ts';

test.describe.configure({ timeout: 60_000 });

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A page of its own (own context: own storage, own socket), signed in as `player` or a visitor. */
async function phone(browser: Browser, player: E2ePlayer | null): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  const page = await context.newPage();
  if (player) await signInPage(page, player);
  return { context, page };
}

/**
 * Opens the round's page and waits until its chat is subscribed to live changes (the Realtime
 * server's "Subscribed to PostgreSQL" on the page's socket), so what follows arrives live.
 */
async function openChat(page: Page, roundId: number) {
  const subscribed = page.waitForEvent('websocket').then((ws) =>
    ws.waitForEvent('framereceived', { predicate: (frame) => String(frame.payload).includes('Subscribed to PostgreSQL'), timeout: 20_000 }),
  );
  await page.goto(`/quinielazo-de-la-semana?quiniela=${roundId}`);
  // The chat reads and connects when the reader comes near it, below the round.
  const chat = page.getByRole('region', { name: 'Chat de la quiniela' });
  await chat.scrollIntoViewIfNeeded();
  await subscribed;
  return chat;
}

async function insertMessages(roundId: number, userId: string, messages: string[]): Promise<void> {
  const { error } = await serviceClient()
    .from('chat_messages')
    .insert(messages.map((message) => ({ quiniela_id: roundId, user_id: userId, message })));
  if (error) throw error;
}

test('two players chat live; the admin removes a message from both screens', async ({ browser }) => {
  const round = await createRound(`Chat en vivo ${tag()}`);
  const [ana, beto, admin] = await Promise.all([createPlayer('chat'), createPlayer('chat'), signInPlayer('admin@quinielazo.mx', 'Admin1234')]);
  const first = await phone(browser, ana);
  const second = await phone(browser, beto);
  const chatA = await openChat(first.page, round.id);
  const chatB = await openChat(second.page, round.id);
  await expect(chatA).toContainText('Todavía no hay mensajes en esta quiniela.');

  await chatA.getByRole('button', { name: 'Enviar' }).click();
  await expect(chatA.getByRole('alert')).toHaveText('Escribe un mensaje antes de enviarlo.');

  const hello = `¿Quién va con el local? ${tag()}`;
  await chatA.getByLabel('Tu mensaje').fill(hello);
  await expect(chatA.getByText('Te quedan')).toHaveText(`Te quedan ${500 - hello.length} caracteres`);
  // Sent with a double tap in one instant: one message, and no refusal of a second over it.
  const posts = requestsTo(first.page, 'POST', '/rest/v1/chat_messages');
  await doubleSubmit(chatA.locator('form'));
  await expect(chatA.getByLabel('Tu mensaje')).toHaveValue('');
  await expect(chatA.getByRole('alert')).toHaveCount(0);
  expect(posts).toHaveLength(1);
  const logB = chatB.getByRole('log', { name: 'Mensajes del chat' });
  await expect(logB.getByRole('listitem').filter({ hasText: hello })).toBeVisible();

  const reply = `Yo con la visita <b>sin miedo</b> ${tag()}`;
  await chatB.getByLabel('Tu mensaje').fill(reply);
  await chatB.getByRole('button', { name: 'Enviar' }).click();
  const logA = chatA.getByRole('log', { name: 'Mensajes del chat' });
  await expect(logA.getByRole('listitem').filter({ hasText: reply })).toBeVisible();
  // Both screens show the two messages in the order they were sent, with the authors' names.
  for (const log of [logA, logB]) {
    await expect(log.getByRole('listitem')).toHaveCount(2);
    await expect(log.getByRole('listitem').first()).toContainText(hello);
    await expect(log.getByRole('listitem').last()).toContainText(reply);
  }

  // A second message right away: the database refuses it, the screen says why. "Right away" is
  // within 3 s of his last by the database's clock, which a loaded machine can pass between two
  // steps: his last is dated a minute ahead, so the next comes within the window however late.
  await e2eSql(`update public.chat_messages set created_at = now() + interval '1 minute' where user_id = $1 and message = $2`, [beto.id, reply]);
  await chatB.getByLabel('Tu mensaje').fill('Otro más rápido');
  await chatB.getByRole('button', { name: 'Enviar' }).click();
  await expect(chatB.getByRole('alert')).toHaveText('Espera unos segundos antes de enviar otro mensaje.');
  await expect(chatB.getByLabel('Tu mensaje')).toHaveValue('Otro más rápido');

  // Players have no removal button; the admin has one per message.
  await expect(logA.getByRole('button', { name: /^Borrar/ })).toHaveCount(0);
  const desk = await phone(browser, admin);
  const chatAdmin = await openChat(desk.page, round.id);
  const adminItem = chatAdmin.getByRole('listitem').filter({ hasText: hello });
  await adminItem.getByRole('button', { name: /^Borrar el mensaje de/ }).click();
  await expect(adminItem).toHaveCount(0);
  for (const log of [logA, logB]) {
    await expect(log.getByRole('listitem').filter({ hasText: hello })).toHaveCount(0);
    await expect(log.getByRole('listitem').filter({ hasText: reply })).toBeVisible();
  }
  const left = await serviceClient().from('chat_messages').select('message').eq('quiniela_id', round.id);
  expect(left.data?.map((m) => m.message)).toEqual([reply]);

  await Promise.all([first.context.close(), second.context.close(), desk.context.close()]);
});

test('a visitor reads the chat as text and sees the sign-up prompt instead of the box', async ({ browser }) => {
  const round = await createRound(`Chat visitante ${tag()}`);
  const ana = await createPlayer('chat');
  const markup = `<img src=x onerror="document.title='hackeado'"><b>¡Vamos!</b> ${tag()}`;
  await insertMessages(round.id, ana.id, [markup]);
  const { context, page } = await phone(browser, null);
  const chat = await openChat(page, round.id);
  const log = chat.getByRole('log', { name: 'Mensajes del chat' });
  await expect(log.getByRole('listitem')).toHaveCount(1);
  await expect(log.getByRole('listitem')).toContainText(markup);
  await expect(log.locator('img[src="x"], b')).toHaveCount(0);
  await expect(chat).toContainText('Para escribir en el chat, crea tu cuenta gratis o inicia sesión.');
  await expect(chat.getByRole('link', { name: 'crea tu cuenta gratis' })).toHaveAttribute('href', '/signup');
  await expect(chat.getByRole('link', { name: 'inicia sesión' })).toHaveAttribute('href', '/login');
  await expect(chat.getByLabel('Tu mensaje')).toHaveCount(0);

  // Live for visitors too.
  const live = `Llega en vivo ${tag()}`;
  await insertMessages(round.id, ana.id, [live]);
  await expect(log.getByRole('listitem').filter({ hasText: live })).toBeVisible();
  expect(await page.title()).not.toBe('hackeado');
  await context.close();
});

test('the latest 50 messages first, older ones on request', async ({ browser }) => {
  const round = await createRound(`Chat historial ${tag()}`);
  const ana = await createPlayer('chat');
  await insertMessages(round.id, ana.id, Array.from({ length: 60 }, (_, i) => `Mensaje número ${i + 1}`));
  const { context, page } = await phone(browser, ana);
  const chat = await openChat(page, round.id);
  const items = chat.getByRole('log', { name: 'Mensajes del chat' }).getByRole('listitem');
  await expect(items).toHaveCount(50);
  await expect(items.first()).toHaveText(/Mensaje número 11$/);
  await expect(items.last()).toHaveText(/Mensaje número 60$/);
  // Scrolling to the top asks for the previous page (clicking the button would scroll there first,
  // so the scroll is what a player on a phone does either way).
  await expect(chat.getByRole('button', { name: 'Ver mensajes anteriores' })).toBeVisible();
  await chat.getByRole('log', { name: 'Mensajes del chat' }).evaluate((el) => el.scrollTo(0, 0));
  await expect(items).toHaveCount(60);
  await expect(items.first()).toHaveText(/Mensaje número 1$/);
  await expect(chat.getByRole('button', { name: 'Ver mensajes anteriores' })).toHaveCount(0);
  await context.close();
});

test('after the socket drops, or while the page was away, the chat fetches what it missed and drops what was removed', async ({ browser }) => {
  const round = await createRound(`Chat reconexión ${tag()}`);
  const [ana, beto] = await Promise.all([createPlayer('chat'), createPlayer('chat')]);
  const before = `Antes del corte ${tag()}`;
  await insertMessages(round.id, beto.id, [before]);
  const { context, page } = await phone(browser, ana);

  // The page's Realtime socket, through a relay the test controls: 'asleep' drops it and refuses
  // new ones (a phone asleep), 'deaf' keeps it open but swallows what the server sends.
  let mode: 'open' | 'asleep' | 'deaf' = 'open';
  let subscriptions = 0;
  const relays: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => {
    if (mode === 'asleep') return void ws.close();
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      if (mode === 'deaf') return;
      if (String(message).includes('Subscribed to PostgreSQL')) subscriptions++;
      ws.send(message);
    });
    relays.push(ws);
  });
  await page.goto(`/quinielazo-de-la-semana?quiniela=${round.id}`);
  const chat = page.getByRole('region', { name: 'Chat de la quiniela' });
  await chat.scrollIntoViewIfNeeded();
  await expect.poll(() => subscriptions).toBe(1);
  const items = chat.getByRole('log', { name: 'Mensajes del chat' }).getByRole('listitem');
  await expect(items.filter({ hasText: before })).toBeVisible();

  mode = 'asleep';
  for (const relay of relays.splice(0)) await relay.close();
  const missed = `Mientras dormía ${tag()}`;
  await insertMessages(round.id, beto.id, [missed]);
  const removed = await serviceClient().from('chat_messages').delete().eq('quiniela_id', round.id).eq('message', before);
  expect(removed.error).toBeNull();
  mode = 'open';
  // Nothing of that can come live (no socket was there); the rejoin's catch-up read brings it.
  await expect.poll(() => subscriptions, { timeout: 20_000 }).toBe(2);
  await expect(items.filter({ hasText: missed })).toBeVisible();
  await expect(items.filter({ hasText: before })).toHaveCount(0);

  mode = 'deaf';
  const unseen = `Mientras la app estaba en segundo plano ${tag()}`;
  await insertMessages(round.id, beto.id, [unseen]);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(items.filter({ hasText: unseen })).toBeVisible();
  await context.close();
});
