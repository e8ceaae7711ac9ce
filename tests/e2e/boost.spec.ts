// Boost on a phone: a player answers each of the four types on /dashboard (exact score through
// the two selectors), updates and cancels; answers offline, reloads and sees the server's
// receipt when the signal returns; an answer still waiting when the game locks is marked not
// sent and the player is told, and one the game no longer takes says why; the history filters. Games are made relative to the database
// clock (tests/support/e2e-boost.ts); the journeys run one after another because each makes
// "the next game".
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { createNextGame, deleteGame, lockGameNow, serverAnswer, twoClubs, withDb } from '../support/e2e-boost.ts';
import { createPlayer, serviceWorkerInControl, signInPage, signInPlayer, type E2ePlayer } from '../support/e2e-players.ts';
import { holdRequests } from '../support/layout-shift.ts';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const card = (page: Page): Locator => page.getByRole('region', { name: '⚡ Boost del día' });

/** The card's closing line: a Spanish date and time, labelled "hora del Centro" exactly once. */
const CLOSES_AT = /^Cierra el (domingo|lunes|martes|miércoles|jueves|viernes|sábado), \d{1,2} de [a-z]+, \d{2}:\d{2} \(hora del Centro\)$/;
const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const MONTHS_SHORT = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** Presses the button and waits for the server's receipt of exactly this answer. */
async function submit(box: Locator, label: 'Responder' | 'Actualizar', answer: string) {
  await box.getByRole('button', { name: label }).click();
  await expect(box.getByTestId('boost-status')).toHaveText(new RegExp(`^Respuesta guardada ✓ \\d{2}:\\d{2}:\\d{2} · Tu respuesta: ${answer}$`));
}

test('a player answers each type, updates and cancels', { tag: '@service-worker' }, async ({ page }) => {
  const player = await createPlayer('boost');
  await signInPage(page, player);
  const [home, away] = await twoClubs();
  const cases = [
    { type: 'match', first: 'Local', second: 'Visita', third: 'Empate' },
    { type: 'yesno', first: 'Sí', second: 'No', third: 'Sí' },
    { type: 'overunder', first: 'Más', second: 'Menos', third: 'Más' },
  ];
  for (const c of cases) {
    const question = `¿Prueba ${c.type} ${Date.now()}?`;
    const id = await createNextGame(c.type, question, 3, { home_team_id: home!.id, away_team_id: away!.id, team1_id: home!.id, team2_id: away!.id });
    try {
      await page.goto('/dashboard');
      const box = card(page);
      await expect(box.getByText(question)).toBeVisible();
      await expect(box.getByText(home!.name)).toBeVisible();
      await expect(box.getByText('+3 pts')).toBeVisible();
      await expect(box.getByText(/Cierra en/)).toBeVisible();
      await expect(box.getByText(/^Cierra el /)).toHaveText(CLOSES_AT);
      await expect(box.getByRole('button', { name: 'Responder' })).toBeDisabled();
      await box.getByRole('button', { name: c.first, exact: true }).click();
      await submit(box, 'Responder', c.first);
      expect(await serverAnswer(player.id, id)).toBe(c.first);

      await box.getByRole('button', { name: c.second, exact: true }).click();
      await submit(box, 'Actualizar', c.second);
      expect(await serverAnswer(player.id, id)).toBe(c.second);

      await box.getByRole('button', { name: c.third, exact: true }).click();
      await box.getByRole('button', { name: 'Cancelar' }).click();
      await expect(box.getByRole('button', { name: c.second, exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(box.getByRole('button', { name: 'Actualizar' })).toBeDisabled();
      expect(await serverAnswer(player.id, id)).toBe(c.second);
    } finally {
      await deleteGame(id);
    }
  }

  const question = `Marcador exacto de prueba ${Date.now()}`;
  const id = await createNextGame('exactscore', question, 5, { home_team_id: home!.id, away_team_id: away!.id });
  try {
    await page.goto('/inicio');
    const box = card(page);
    await expect(box.getByText(question)).toBeVisible();
    await expect(box.getByText('VS')).toBeVisible();
    await box.getByLabel('Goles local').selectOption('2');
    await box.getByLabel('Goles visita').selectOption('1');
    await submit(box, 'Responder', '2-1');
    expect(await serverAnswer(player.id, id)).toBe('2-1');
    await box.getByLabel('Goles visita').selectOption('3');
    await submit(box, 'Actualizar', '2-3');
    expect(await serverAnswer(player.id, id)).toBe('2-3');

    // The lock passes (database clock): the next change is refused, kept and marked, and the card closes.
    await lockGameNow(id);
    await box.getByLabel('Goles visita').selectOption('4');
    await box.getByRole('button', { name: 'Actualizar' }).click();
    await expect(box.getByTestId('boost-status')).toContainText('No se envió: el Boost ya cerró');
    await expect(box.getByText('Este juego ya está cerrado.')).toBeVisible();
    expect(await serverAnswer(player.id, id)).toBe('2-3');
    await expect(box.getByLabel('Goles local')).toBeDisabled();
  } finally {
    await deleteGame(id);
  }
});

/** On /dashboard, the player answers `first` with a signal (the server's receipt), then `second`
 * with none: that one waits on the phone. Returns the card. */
async function answerThenChangeOffline(page: Page, context: BrowserContext, player: E2ePlayer, question: string, first: string, second: string): Promise<Locator> {
  await signInPage(page, player);
  await page.goto('/dashboard');
  await serviceWorkerInControl(page);
  const box = card(page);
  await expect(box.getByText(question)).toBeVisible();
  await box.getByRole('button', { name: first, exact: true }).click();
  await submit(box, 'Responder', first);
  await context.setOffline(true);
  await box.getByRole('button', { name: second, exact: true }).click();
  await box.getByRole('button', { name: 'Actualizar' }).click();
  return box;
}

test('an answer made offline survives a reload and reaches the server with a receipt', { tag: '@service-worker' }, async ({ page, context }) => {
  const player = await createPlayer('boostoff');
  const question = `¿Sin señal ${Date.now()}?`;
  const id = await createNextGame('yesno', question);
  try {
    const box = await answerThenChangeOffline(page, context, player, question, 'Sí', 'No');
    await expect(box.getByTestId('boost-status')).toContainText('Pendiente de enviar');
    await expect(box.getByRole('alert')).toContainText('se enviará cuando vuelva la señal');

    await page.reload();
    // Promptly, within the default expect timeout: offline reads fail at once instead of waiting
    // out postgrest-js's retries (about 20 s for the dashboard's chained reads).
    await expect(box.getByText('Sin conexión: mostramos el Boost guardado en tu teléfono.')).toBeVisible();
    await expect(box.getByRole('button', { name: 'No', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(box.getByTestId('boost-status')).toContainText('Pendiente de enviar');
    expect(await serverAnswer(player.id, id)).toBe('Sí');

    await context.setOffline(false);
    await expect(box.getByTestId('boost-status')).toContainText(/Respuesta guardada ✓ \d{2}:\d{2}:\d{2}/);
    expect(await serverAnswer(player.id, id)).toBe('No');
  } finally {
    await deleteGame(id);
  }
});

test('the no-signal notice of an answer goes once the answer reaches the server', { tag: '@service-worker' }, async ({ page, context }) => {
  const player = await createPlayer('boostaviso');
  const question = `¿Vuelve la señal ${Date.now()}?`;
  const id = await createNextGame('yesno', question);
  try {
    const box = await answerThenChangeOffline(page, context, player, question, 'Sí', 'No');
    await expect(box.getByRole('alert')).toHaveText('Sin conexión: tu respuesta se enviará cuando vuelva la señal.');

    await context.setOffline(false);
    await expect(box.getByTestId('boost-status')).toContainText(/Respuesta guardada ✓ \d{2}:\d{2}:\d{2}/);
    await expect(box.getByRole('alert')).toHaveCount(0);
    expect(await serverAnswer(player.id, id)).toBe('No');
  } finally {
    await deleteGame(id);
  }
});

test('an answer still waiting when the game locks is marked not sent and the player is told', { tag: '@service-worker' }, async ({ page, context }) => {
  const player = await createPlayer('boostlock');
  const question = `¿Cierre sin señal ${Date.now()}?`;
  const id = await createNextGame('overunder', question);
  try {
    const box = await answerThenChangeOffline(page, context, player, question, 'Más', 'Menos');
    await expect(box.getByTestId('boost-status')).toContainText('Pendiente de enviar');
    // The lock passes while the answer waits for a signal (the database clock decides).
    await lockGameNow(id);
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(box.getByTestId('boost-status')).toContainText('No se envió: el Boost ya cerró');
    await expect(box.getByRole('alert')).toContainText('el Boost ya cerró');
    expect(await serverAnswer(player.id, id)).toBe('Más');
  } finally {
    await deleteGame(id);
  }
});

test('an answer the game no longer takes is refused for good: the card says why and stays open', { tag: '@service-worker' }, async ({ page, context }) => {
  const player = await createPlayer('boostinvalid');
  const question = `¿Cambio de tipo ${Date.now()}?`;
  const id = await createNextGame('yesno', question);
  try {
    await signInPage(page, player);
    await page.goto('/dashboard');
    await serviceWorkerInControl(page);
    const box = card(page);
    await expect(box.getByText(question)).toBeVisible();
    await context.setOffline(true);
    await box.getByRole('button', { name: 'Sí', exact: true }).click();
    await box.getByRole('button', { name: 'Responder' }).click();
    await expect(box.getByTestId('boost-status')).toContainText('Pendiente de enviar');
    // While the answer waits, an admin makes it a match game: 'Sí' is no answer to it (22023).
    await withDb((c) => c.query(`update public.daily_games set game_type = 'match' where id = $1`, [id]));
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(box.getByTestId('boost-status')).toContainText('No se envió: respuesta no válida para este Boost (Local, Empate o Visita)');
    await expect(box.getByRole('alert')).toHaveText('Tu respuesta no se envió: respuesta no válida para este Boost (Local, Empate o Visita).');
    await expect(box.getByRole('button', { name: 'Actualizar' })).toBeVisible();
    await expect(box.getByText('Este juego ya está cerrado.')).toHaveCount(0);
    expect(await serverAnswer(player.id, id)).toBeNull();
  } finally {
    await deleteGame(id);
  }
});

test('on /inicio the Boost card comes with the page, its game already in it', async ({ page }) => {
  // /inicio opens with what the player must do next, the Boost included, so the page reads the
  // game with the home and shows the card with it: no loading line in the card that grows into
  // the game and moves what is under it.
  const [home, away] = await twoClubs();
  const question = `¿Sitio guardado ${Date.now()}?`;
  const id = await createNextGame('yesno', question, 3, { team1_id: home!.id, team2_id: away!.id });
  try {
    await signInPage(page, await createPlayer('boostsitio'));
    // Records whether the card ever showed its loading line, however briefly.
    await page.addInitScript(() => {
      const seen = () => [...document.querySelectorAll('[role="status"]')].some((el) => el.textContent === 'Cargando el Boost…');
      new MutationObserver(() => {
        if (seen()) (window as unknown as { boostLoadingSeen: boolean }).boostLoadingSeen = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const release = await holdRequests(page, '**/rest/v1/daily_games**');
    await page.goto('/inicio');
    await expect(page.getByRole('main').getByRole('status').first()).toBeVisible();
    await expect(card(page)).toHaveCount(0);
    release();
    await expect(card(page).getByText(question)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { boostLoadingSeen?: boolean }).boostLoadingSeen ?? false)).toBe(false);
  } finally {
    await deleteGame(id);
  }
});

test('a visitor sees the next game as a read-only teaser on the home page', async ({ page }) => {
  const question = `¿Teaser ${Date.now()}?`;
  const [home, away] = await twoClubs();
  const id = await createNextGame('yesno', question, 4, { team1_id: home!.id, team2_id: away!.id });
  try {
    await page.goto('/');
    const teaser = page.getByRole('region', { name: '⚡ Reto Boost' });
    await expect(teaser.getByText(question)).toBeVisible();
    await expect(teaser.getByText('+4 pts')).toBeVisible();
    await expect(teaser.getByText(home!.name)).toBeVisible();
    await expect(teaser.getByRole('button')).toHaveCount(0);
    await teaser.getByRole('link', { name: 'Juega gratis' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  } finally {
    await deleteGame(id);
  }
});

test('the history and previous results show Spanish dates; today\'s open game reads as open, a closed unanswered one as not played', async ({ page }) => {
  // A player since before yesterday: the history lists no game from before a player existed.
  const created = await createPlayer('boosthist');
  await withDb((c) => c.query(`update auth.users set created_at = now() - interval '3 days' where id = $1`, [created.id]));
  const player = await signInPlayer(created.email);
  const tag = Date.now().toString(36);
  // Both made relative to the database clock: one dated today (Mexico City) with its default
  // lock, 23:59 of that day (dated tomorrow when 23:59 is less than 15 minutes away), and one
  // of yesterday, locked; the player answers neither.
  const games = await withDb(async (c) => {
    const { rows } = await c.query<{ id: string; question: string; y: number; m: number; d: number; same_day: boolean; lock_hm: string }>(
      `with made as (
         insert into public.daily_games (game_date, game_type, question, points)
         values (((now() + interval '15 minutes') at time zone 'America/Mexico_City')::date, 'yesno', $1, 2),
                ((now() at time zone 'America/Mexico_City')::date - 1, 'yesno', $2, 2)
         returning id, game_date, lock_date, question)
       select id, question, extract(year from game_date)::int as y, extract(month from game_date)::int as m, extract(day from game_date)::int as d,
              (lock_date at time zone 'America/Mexico_City')::date = (now() at time zone 'America/Mexico_City')::date as same_day,
              to_char(lock_date at time zone 'America/Mexico_City', 'HH24:MI') as lock_hm
       from made`,
      [`¿Boost abierto ${tag}?`, `¿Boost cerrado ${tag}?`],
    );
    return rows;
  });
  const [open, closed] = [games.find((g) => g.question.startsWith('¿Boost abierto'))!, games.find((g) => g.question.startsWith('¿Boost cerrado'))!];
  const day = (g: (typeof games)[number]) => `${g.d} de ${MONTHS[g.m - 1]} de ${g.y}`;
  const iso = /\d{4}-\d{2}-\d{2}/;
  try {
    await signInPage(page, player);
    await page.goto('/quinielazo-boost-historial');
    const list = page.getByRole('list', { name: 'Juegos del Boost' });
    const openItem = list.getByRole('listitem').filter({ hasText: open.question });
    const closedItem = list.getByRole('listitem').filter({ hasText: closed.question });
    await expect(openItem).toContainText(open.same_day ? `Abierto · cierra ${open.lock_hm}` : `Abierto · cierra ${open.d} ${MONTHS_SHORT[open.m - 1]}, ${open.lock_hm}`);
    await expect(openItem).not.toContainText('No jugado');
    await expect(openItem).toContainText(`${day(open)} · +2 pts`);
    await expect(closedItem).toContainText('No jugado');
    await expect(closedItem).toContainText(`${day(closed)} · +2 pts`);
    await expect(list).not.toContainText(iso);

    // The card says when it closes with the zone once (/inicio; /dashboard in the first journey).
    await page.goto('/inicio');
    await expect(card(page).getByText(/^Cierra el /)).toHaveText(CLOSES_AT);

    // 'Ver resultados previos': the closed game, its day in Spanish.
    await card(page).getByRole('button', { name: 'Ver resultados previos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resultados previos del Boost' });
    const row = dialog.getByRole('listitem').filter({ hasText: closed.question });
    await expect(row).toContainText('No jugado');
    await expect(row).toContainText(`${day(closed)} · Respuesta correcta:`);
    await expect(dialog.getByRole('list', { name: 'Resultados previos' })).not.toContainText(iso);
  } finally {
    await withDb((c) => c.query('delete from public.daily_games where id = any($1)', [games.map((g) => Number(g.id))]));
  }
});
