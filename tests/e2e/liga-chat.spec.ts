// A liga's chat on /ligas/<id> (issue 44, item 14), on phones: two members see each other's
// messages live; the round chat's rules reach the screen in Spanish; a non-member of the liga
// sees no chat (nor the liga).
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createPlayer, signInPage, type E2ePlayer } from '../support/e2e-players.ts';
import { e2eSql } from '../support/e2e-standings.ts';

test.describe.configure({ timeout: 60_000 });

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function phone(browser: Browser, player: E2ePlayer): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  const page = await context.newPage();
  await signInPage(page, player);
  return { context, page };
}

/** Opens the liga's page and waits until its chat is subscribed to live changes. */
async function openChat(page: Page, leagueId: string) {
  const subscribed = page.waitForEvent('websocket').then((ws) =>
    ws.waitForEvent('framereceived', { predicate: (frame) => String(frame.payload).includes('Subscribed to PostgreSQL'), timeout: 20_000 }),
  );
  await page.goto(`/ligas/${leagueId}`);
  const chat = page.getByRole('region', { name: 'Chat de la liga' });
  await chat.scrollIntoViewIfNeeded();
  await subscribed;
  return chat;
}

test("two members of a liga chat live; someone outside the liga sees no chat", async ({ browser }) => {
  const [ana, beto, carla] = await Promise.all([createPlayer('ligachat'), createPlayer('ligachat'), createPlayer('ligachat')]);
  const { data, error } = await ana.api.rpc('create_league', { name: `Chat ${tag()}` });
  if (error) throw error;
  const { id: leagueId, code } = data[0]!;
  expect((await beto.api.rpc('join_league', { code })).error).toBeNull();

  const first = await phone(browser, ana);
  const second = await phone(browser, beto);
  const chatA = await openChat(first.page, leagueId);
  const chatB = await openChat(second.page, leagueId);
  await expect(chatA).toContainText('Todavía no hay mensajes en esta liga.');

  await chatA.getByRole('button', { name: 'Enviar' }).click();
  await expect(chatA.getByRole('alert')).toHaveText('Escribe un mensaje antes de enviarlo.');

  const hello = `¿Quién lleva las tortas el sábado? ${tag()}`;
  await chatA.getByLabel('Tu mensaje').fill(hello);
  await chatA.getByRole('button', { name: 'Enviar' }).click();
  await expect(chatA.getByLabel('Tu mensaje')).toHaveValue('');
  const logB = chatB.getByRole('log', { name: 'Mensajes del chat' });
  await expect(logB.getByRole('listitem').filter({ hasText: hello })).toBeVisible();

  const reply = `Yo, y Ana trae las aguas ${tag()}`;
  await chatB.getByLabel('Tu mensaje').fill(reply);
  await chatB.getByRole('button', { name: 'Enviar' }).click();
  const logA = chatA.getByRole('log', { name: 'Mensajes del chat' });
  await expect(logA.getByRole('listitem').filter({ hasText: reply })).toBeVisible();
  for (const log of [logA, logB]) {
    await expect(log.getByRole('listitem')).toHaveCount(2);
    await expect(log.getByRole('listitem').first()).toContainText(hello);
    await expect(log.getByRole('listitem').last()).toContainText(reply);
  }
  // The box fits the phone: nothing wider than the screen.
  expect(await first.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Right away again: the round chat's limit holds here too, said in Spanish. His last is dated a
  // minute ahead by the database's clock, so "right away" holds however late the next step comes.
  await e2eSql(`update public.chat_messages set created_at = now() + interval '1 minute' where user_id = $1 and message = $2`, [beto.id, reply]);
  await chatB.getByLabel('Tu mensaje').fill('Otro más');
  await chatB.getByRole('button', { name: 'Enviar' }).click();
  await expect(chatB.getByRole('alert')).toHaveText('Espera unos segundos antes de enviar otro mensaje.');

  // Carla is not in the liga: its page tells her so, with no chat and none of its messages.
  const third = await phone(browser, carla);
  await third.page.goto(`/ligas/${leagueId}`);
  await expect(third.page.getByRole('heading', { name: 'No estás en esta liga' })).toBeVisible();
  await expect(third.page.getByRole('region', { name: 'Chat de la liga' })).toHaveCount(0);
  await expect(third.page.getByText(hello)).toHaveCount(0);

  for (const p of [first, second, third]) await p.context.close();
});
