// Journey on a desktop: the admin creates a Boost game for today (with the form's validation
// cases; the recent games table writes its date in Spanish), a player answers it, the game
// locks, the admin sets the answer and processes the scores; the player sees the result in
// /quinielazo-boost-historial (with its filters) and the point in the leaderboard's Boost tab.
// A game removed meanwhile says 'No encontramos ese Boost.'.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { displayUsername } from '../../src/features/standings/leaderboard-rows.ts';
import { withDb } from '../support/e2e-boost.ts';
import { clearOfMidnight } from '../support/e2e-clock.ts';
import { createPlayer, serviceClient, serviceWorkerInControl, signInPage } from '../support/e2e-players.ts';

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill('admin@quinielazo.mx');
  await page.getByLabel('Contraseña', { exact: true }).fill('Admin1234');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Pixels between the end of each cell's text and the start of the next cell's text in a table row. */
function gapsBetweenCells(row: Locator): Promise<number[]> {
  return row.evaluate((tr) => {
    const boxes = [...tr.children].map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const rects = [...range.getClientRects()];
      return { left: Math.min(...rects.map((r) => r.left)), right: Math.max(...rects.map((r) => r.right)) };
    });
    return boxes.slice(1).map((box, i) => box.left - boxes[i]!.right);
  });
}

test('admin creates a Boost game, scores it, and the player sees the result and the points', { tag: '@service-worker' }, async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The game is today's and must stay open while the admin makes it and the player answers.
  await clearOfMidnight('day');
  const today = await withDb(async (c) => (await c.query<{ d: string }>(`select ((now() at time zone 'America/Mexico_City')::date)::text as d`)).rows[0]!.d);
  const todayShown = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${today}T12:00:00Z`));
  const question = `¿Habrá gol olímpico ${Date.now().toString(36)}?`;
  const gameIds: number[] = [];
  try {
    await signInAsAdmin(page);
    await page.goto('/admin/daily-game');
    const create = page.getByRole('button', { name: 'Crear juego' });
    await create.click();
    await expect(page.getByRole('alert')).toHaveText('Elige la fecha del juego.');
    await page.getByLabel('Fecha del juego').fill(today);
    await page.getByLabel('Pregunta').fill(question);
    await create.click();
    await expect(page.getByRole('alert')).toHaveText('Los juegos de partido y marcador exacto necesitan equipo local y visitante.');

    // Choosing a type resets 'about teams' to no.
    await page.getByLabel('Tipo de juego').selectOption('overunder');
    const aboutTeams = page.getByLabel('¿Es sobre dos equipos?');
    await aboutTeams.check();
    await create.click();
    await expect(page.getByRole('alert')).toHaveText('Elige los dos equipos del juego.');
    await page.getByLabel('Tipo de juego').selectOption('yesno');
    await expect(aboutTeams).not.toBeChecked();

    await page.getByLabel('URL de imagen (opcional)').fill('ftp://imagen');
    await create.click();
    await expect(page.getByRole('alert')).toHaveText('La URL de la imagen debe empezar con http:// o https://.');
    await page.getByLabel('URL de imagen (opcional)').fill('');
    // More points than the column holds: PostgreSQL's English refusal is not shown; nothing typed is lost.
    await page.getByLabel('Puntos').fill('99999999999');
    await create.click();
    await expect(page.getByRole('alert')).toHaveText('No se pudo crear el juego: revisa la fecha y los puntos.');
    await expect(page.getByLabel('Pregunta')).toHaveValue(question);
    // A non-numeric value becomes 1.
    await page.getByLabel('Puntos').fill('muchos');
    await create.click();
    await expect(page.getByRole('status').filter({ hasText: '¡Boost creado!' })).toBeVisible();
    const createdRow = page.getByRole('row').filter({ hasText: question });
    await expect(createdRow).toContainText('Abierto');
    // The date in Spanish, as the rest of the app writes it, and no cell's text touching the next
    // (at the walk-through's 1366×900, headers ran together and dates touched the question).
    await expect(createdRow.getByRole('cell').first()).toHaveText(todayShown);
    await page.setViewportSize({ width: 1366, height: 900 });
    for (const row of [page.getByRole('row').first(), createdRow]) expect(Math.min(...(await gapsBetweenCells(row)))).toBeGreaterThanOrEqual(12);

    const created = await withDb(async (c) => (await c.query<{ id: string; points: number; game_type: string }>(`select id, points, game_type from public.daily_games where question = $1`, [question])).rows);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ points: 1, game_type: 'yesno' });
    const gameId = Number(created[0]!.id);
    gameIds.push(gameId);

    // A player answers while it is open, then the game locks (database clock).
    const player = await createPlayer('adminboost');
    const username = (await serviceClient().from('profiles').select('username').eq('id', player.id).single()).data!.username;
    const answered = await player.api.from('daily_game_picks').insert({ user_id: player.id, daily_game_id: gameId, answer: 'Sí' });
    expect(answered.error).toBeNull();
    await withDb((c) => c.query(`update public.daily_games set lock_date = now() - interval '1 second' where id = $1`, [gameId]));

    // The history says it waits for its result.
    const playerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
    const playerPage = await playerContext.newPage();
    await signInPage(playerPage, player);
    await playerPage.goto('/quinielazo-boost-historial');
    const item = playerPage.getByRole('list', { name: 'Juegos del Boost' }).getByRole('listitem').filter({ hasText: question });
    await expect(item).toContainText('Esperando resultado...');

    // The admin sets the answer and processes the scores.
    await page.goto('/admin/daily-scores');
    await page.getByLabel('Juego').selectOption({ label: `${todayShown} · ${question} (Cerrado, sin respuesta)` });
    await page.getByLabel('Respuesta correcta').selectOption('Sí');
    await page.getByRole('button', { name: 'Guardar respuesta y procesar puntos' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Puntos procesados: 1 respuestas calificadas, 1 correctas.' })).toBeVisible();

    // The player sees it in the history, with the filters, and in the Boost tab.
    await playerPage.reload();
    await expect(item).toContainText('Correcto +1 pt');
    await expect(item).toContainText('Correcta: Sí');
    await playerPage.getByRole('tab', { name: 'No jugados' }).click();
    await expect(item).toHaveCount(0);
    await playerPage.getByRole('tab', { name: 'Jugados', exact: true }).click();
    await expect(item).toContainText('Correcto +1 pt');
    // Browsable without signal, from the read cache.
    await serviceWorkerInControl(playerPage);
    await playerContext.setOffline(true);
    await playerPage.reload();
    await expect(playerPage.getByText('Sin conexión: mostramos el historial guardado en tu teléfono.')).toBeVisible({ timeout: 30_000 });
    await expect(item).toContainText('Correcto +1 pt');
    await playerContext.setOffline(false);

    // 'Ver resultados previos' on the dashboard lists it among the last closed games.
    await playerPage.goto('/dashboard');
    await playerPage.getByRole('button', { name: 'Ver resultados previos' }).click();
    const dialog = playerPage.getByRole('dialog', { name: 'Resultados previos del Boost' });
    const previous = dialog.getByRole('list', { name: 'Resultados previos' }).getByRole('listitem');
    await expect(previous.filter({ hasText: question })).toContainText('Correcto +1 pt');
    expect(await previous.count()).toBeLessThanOrEqual(5);
    await dialog.getByRole('link', { name: 'Ver historial completo' }).click();
    await expect(playerPage).toHaveURL(/\/quinielazo-boost-historial$/);

    await playerPage.goto('/leaderboard?orden=boost');
    const row = playerPage.getByRole('row').filter({ hasText: displayUsername(username) });
    await expect(row.first()).toBeVisible();
    const board = await player.api.rpc('get_monthly_leaderboard', {
      month_input: Number(today.slice(5, 7)), year_input: Number(today.slice(0, 4)), user_id_input: player.id,
    });
    expect(board.data?.[0]?.daily_points).toBe(1);
    await expect(row.first()).toContainText('1');
    await playerContext.close();

    // A game removed while the screen shows it.
    const gone = await withDb(async (c) => Number((await c.query<{ id: string }>(
      `insert into public.daily_games (game_date, lock_date, game_type, question) values ($1, now() - interval '1 minute', 'yesno', $2) returning id`,
      [today, `${question} borrado`],
    )).rows[0]!.id));
    gameIds.push(gone);
    await page.reload();
    await page.getByLabel('Juego').selectOption({ label: `${todayShown} · ${question} borrado (Cerrado, sin respuesta)` });
    await withDb((c) => c.query('delete from public.daily_games where id = $1', [gone]));
    await page.getByLabel('Respuesta correcta').selectOption('No');
    await page.getByRole('button', { name: 'Guardar respuesta y procesar puntos' }).click();
    await expect(page.getByRole('alert')).toHaveText('No encontramos ese Boost.');
  } finally {
    await withDb((c) => c.query('delete from public.daily_games where id = any($1)', [gameIds]));
  }
});
