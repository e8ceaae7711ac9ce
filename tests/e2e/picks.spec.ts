// Journey (1), the picks half, on a phone: a signed-in player picks the week's 12 matches,
// saves, sees the read-only state, edits and saves the change; the server has every pick.
// Also the rounds list and the weekly page as a visitor sees it.
import { expect, test } from '@playwright/test';
import { e2eSql } from '../support/e2e-standings.ts';
import { closeRoundNow, createPlayer, createRound, currentRoundId, serverPicks, signInPage } from '../support/e2e-players.ts';

test('a player makes 12 picks, each saved as he taps, and changes one before the close', async ({ page }) => {
  test.setTimeout(60_000);
  const player = await createPlayer();
  const roundId = await currentRoundId();
  await signInPage(page, player);
  await page.goto('/picks?quiniela=current');

  const matches = page.getByRole('list', { name: 'Partidos' }).getByRole('group');
  await expect(matches).toHaveCount(12);
  const bar = page.getByRole('status', { name: 'Tus predicciones' });
  const saved = page.getByText('Tus predicciones se guardaron correctamente.');
  await expect(bar).toHaveText('0 de 12 guardadas · puedes cambiarlas hasta el cierre');

  for (let i = 0; i < 11; i++) await matches.nth(i).getByRole('button', { name: /^Local/ }).click();
  await expect(bar).toHaveText('11 de 12 guardadas · puedes cambiarlas hasta el cierre');
  await expect(saved).toHaveCount(0);
  await matches.nth(11).getByRole('button', { name: /^Empate/ }).click();
  await expect(matches.nth(11).getByRole('button', { name: /^Empate/ })).toHaveAttribute('aria-pressed', 'true');

  // The last pick lands: said once, and no button pretends to save what is saved.
  await expect(bar).toHaveText('✓ 12 de 12 guardadas · puedes cambiarlas hasta el cierre');
  await expect(saved).toBeVisible();
  await expect(page.getByRole('button', { name: /Guardar|Editar/ })).toHaveCount(0);
  expect(await serverPicks(player, roundId)).toEqual({ ...Object.fromEntries(Array.from({ length: 11 }, (_, i) => [i + 1, 'Local'])), 12: 'Empate' });
  // The confirmation goes away by itself (after 4 s; the time is the screen's, not the test's).
  await expect(saved).toBeHidden();

  // A change is saved the same way, and said again when it lands.
  await matches.nth(2).getByRole('button', { name: /^Visita/ }).click();
  await expect.poll(async () => (await serverPicks(player, roundId))[3]).toBe('Visita');
  await expect(bar).toHaveText('✓ 12 de 12 guardadas · puedes cambiarlas hasta el cierre');
  await expect(saved).toBeVisible();

  // After a reload the set is there, still open to changes.
  await page.reload();
  await expect(bar).toHaveText('✓ 12 de 12 guardadas · puedes cambiarlas hasta el cierre');
  await expect(matches.nth(2).getByRole('button', { name: /^Visita/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(matches.nth(2).getByRole('button', { name: /^Local/ })).toBeEnabled();
  await expect(saved).toHaveCount(0);
});

test('the rounds list offers Participar on the open round and Ver on closed ones, with status badges', async ({ page }) => {
  const player = await createPlayer('lista');
  // Rounds of its own, newest of all (the list's order), so other tests' rounds come and go freely.
  const tag = player.id.slice(0, 8);
  const open = await createRound(`Lista abierta ${tag}`);
  const closed = await createRound(`Lista cerrada ${tag}`);
  const scored = await createRound(`Lista calificada ${tag}`);
  try {
    await closeRoundNow(closed.id);
    await closeRoundNow(scored.id);
    await e2eSql('update public.quinielas set results_saved = true where id = $1', [scored.id]);
    await signInPage(page, player);
    await page.goto('/picks-selector');

    const openItem = page.getByRole('listitem', { name: `Lista abierta ${tag}` });
    await expect(openItem.getByText('Abierta', { exact: true })).toBeVisible();
    await expect(openItem.getByText('Abierta para predicciones')).toBeAttached();
    const closedItem = page.getByRole('listitem', { name: `Lista cerrada ${tag}` });
    await expect(closedItem.getByText('Cerrada', { exact: true })).toBeVisible();
    await expect(closedItem.getByRole('link', { name: 'Ver' })).toBeVisible();
    await expect(closedItem.getByText('Esperando resultados')).toBeAttached();
    const scoredItem = page.getByRole('listitem', { name: `Lista calificada ${tag}` });
    await expect(scoredItem.getByRole('link', { name: 'Ver' })).toBeVisible();
    await expect(scoredItem.getByText('Resultados guardados')).toBeAttached();

    await openItem.getByRole('link', { name: 'Participar' }).click();
    await expect(page).toHaveURL(new RegExp(`/picks\\?quiniela=${open.id}$`));
    await expect(page.getByRole('status', { name: 'Tus predicciones' })).toContainText('guardadas · puedes cambiarlas hasta el cierre');
  } finally {
    await e2eSql('delete from public.quinielas where id = any($1)', [[open.id, closed.id, scored.id]]);
  }
});

test('the rounds list: Editar on an open round he picked, the status colours, and the last round\'s multiplier', async ({ page }) => {
  const player = await createPlayer('colores');
  const tag = Date.now().toString(36);
  // Three rounds of his own, newest first on the list: open (closing after every other open
  // round, so it never becomes the current one) and last of the month (he picked
  // one match), closed awaiting results, and finalized.
  const [open] = await e2eSql<{ id: number }>(
    `insert into public.quinielas (name, week, deadline, is_last_of_month) values ($1, 1, now() + interval '60 days', true) returning id`, [`Abierta ${tag}`]);
  const [match] = await e2eSql<{ id: number }>(`insert into public.matches (quiniela_id, match_order, home_team, away_team) values ($1, 1, 'León', 'Atlas') returning id`, [open!.id]);
  await e2eSql(`insert into public.picks (user_id, match_id, result) values ($1, $2, 'Local')`, [player.id, match!.id]);
  await e2eSql(`insert into public.quinielas (name, week, deadline) values ($1, 1, now() - interval '1 hour')`, [`Esperando ${tag}`]);
  await e2eSql(`insert into public.quinielas (name, week, deadline, results_saved) values ($1, 1, now() - interval '2 days', true)`, [`Calificada ${tag}`]);
  const multiplier = (await e2eSql<{ points: string }>(
    `select b.points::text from public.quinielas q, public.bonuses_for((q.deadline at time zone 'America/Mexico_City')::date) b
     where q.id = $1 and b.code = 'last_round_multiplier'`, [open!.id]))[0]!.points;

  await signInPage(page, player);
  await page.goto('/picks-selector');
  const item = (name: string) => page.getByRole('listitem', { name: `${name} ${tag}` });
  await expect(item('Abierta').getByRole('link', { name: 'Editar' })).toBeVisible();
  await expect(item('Abierta')).toContainText('Abierta');
  await expect(item('Abierta')).toContainText(`×${Number(multiplier)}`);
  await expect(item('Abierta')).toHaveClass(/border-l-green-500/);
  await expect(item('Abierta').getByText('Abierta para predicciones')).toBeAttached();

  await expect(item('Esperando').getByRole('link', { name: 'Ver' })).toBeVisible();
  await expect(item('Esperando')).toContainText('Cerrada');
  await expect(item('Esperando')).toHaveClass(/border-l-yellow-400/);
  await expect(item('Esperando').getByText('Esperando resultados')).toBeAttached();
  await expect(item('Esperando')).not.toContainText('×');

  await expect(item('Calificada').getByRole('link', { name: 'Ver' })).toBeVisible();
  await expect(item('Calificada')).toHaveClass(/border-l-slate-400/);
  await expect(item('Calificada').getByText('Resultados guardados')).toBeAttached();
  await e2eSql(`delete from public.quinielas where name like '%' || $1`, [tag]);
});

test('a visitor sees the weekly round read-only with the sign-up prompt', async ({ page }) => {
  await page.goto('/quinielazo-de-la-semana');
  const matches = page.getByRole('list', { name: 'Partidos' }).getByRole('group');
  await expect(matches).toHaveCount(12);
  await expect(matches.first().getByRole('button', { name: /^Local/ })).toBeDisabled();
  await expect(page.getByText('Debes iniciar sesión para guardar tus predicciones.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Crear cuenta gratis' })).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('status', { name: 'Tus predicciones' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Quiniela' })).toBeVisible();
});

test('a link to a round that does not exist says so, on the picks screen and the weekly page', async ({ page }) => {
  const missing = Number((await e2eSql<{ id: string }>('select coalesce(max(id), 0) + 1000 as id from public.quinielas'))[0].id);
  await signInPage(page, await createPlayer());
  await page.goto(`/picks?quiniela=${missing}`);
  await expect(page.getByText('Quiniela no encontrada.')).toBeVisible();
  await expect(page.getByText('No hay partidos disponibles')).toHaveCount(0);
  await page.goto(`/quinielazo-de-la-semana?quiniela=${missing}`);
  await expect(page.getByText('Quiniela no encontrada.')).toBeVisible();
});
