// Issue 44, item 4, at 390 px: a round is finalized after its deadline, never before. Before it,
// the database refuses every road (the admin's own update through the API, the finalize-round
// function) and the results screen says so without asking; after it, the confirmation says
// what finalizing will do: how many players it scores, how many of them with picks missing, how
// many registered players have no pick and can no longer play it.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { closeRoundNow, createPlayer, createRound, signInPage, signInPlayer } from '../support/e2e-players.ts';
import { e2eSql } from '../support/e2e-standings.ts';

test('item 4: before its deadline a round cannot be finalized; after it, the confirmation says how many players it scores and how many have no picks', async ({ page }) => {
  const [ana, beto] = await Promise.all([createPlayer('cierre'), createPlayer('cierre')]);
  const round = await createRound(`Quiniela cierre ${Date.now().toString(36)}`, 3);
  const matches = await e2eSql<{ id: number }>('select id from public.matches where quiniela_id = $1 order by match_order', [round.id]);
  // Ana picked all three, Beto one.
  await e2eSql(`insert into public.picks (user_id, match_id, result) select $1, unnest($2::bigint[]), 'Local'`, [ana.id, matches.map((m) => m.id)]);
  await e2eSql(`insert into public.picks (user_id, match_id, result) values ($1, $2, 'Visita')`, [beto.id, matches[0]!.id]);
  await e2eSql(`update public.matches set correct_result = 'Local' where quiniela_id = $1`, [round.id]);
  const admin = await signInPlayer('admin@quinielazo.mx', 'Admin1234');
  try {
    // The database refuses both of the admin's roads while the round is open.
    const direct = await admin.api.from('quinielas').update({ results_saved: true }).eq('id', round.id).select('id');
    expect(direct.error?.message).toMatch(/^Esta quiniela aún no cierra: se puede finalizar después de su cierre/);
    const viaFunction = await admin.api.functions.invoke('finalize-round', { body: { quinielaId: round.id, runId: randomUUID() } });
    expect(viaFunction.error).not.toBeNull();
    const [open] = await e2eSql<{ results_saved: boolean; scored: number }>(
      'select q.results_saved, (select count(*)::int from public.scores s where s.quiniela_id = q.id) as scored from public.quinielas q where q.id = $1',
      [round.id],
    );
    expect(open).toEqual({ results_saved: false, scored: 0 });

    // The results screen says so, and asks nothing.
    await signInPage(page, admin);
    await page.goto('/admin/edit');
    await page.getByRole('combobox', { name: 'Quiniela', exact: true }).selectOption(String(round.id));
    await expect(page.getByText('3 de 3 resultados capturados')).toBeVisible();
    await page.getByRole('button', { name: 'Guardar resultados finales' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Esta quiniela aún no cierra: se puede finalizar después de su cierre' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Confirmar' })).toHaveCount(0);

    // Once it closed, the confirmation says what finalizing does.
    await closeRoundNow(round.id);
    await page.reload();
    await page.getByRole('combobox', { name: 'Quiniela', exact: true }).selectOption(String(round.id));
    await expect(page.getByText('3 de 3 resultados capturados')).toBeVisible();
    await page.getByRole('button', { name: 'Guardar resultados finales' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar' });
    await expect(confirm).toContainText('Se calcularán los puntos de 2 jugadores (1 con predicciones incompletas);');
    await expect(confirm).toContainText(/\d+ jugadores registrados no enviaron predicciones y ya no podrán jugarla\. ¿Estás seguro de marcar esta quiniela como finalizada\?/);
    await confirm.getByRole('button', { name: 'Sí, finalizar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Resultados finalizados' })).toBeVisible({ timeout: 30_000 });
    const [scored] = await e2eSql<{ n: number }>('select count(*)::int as n from public.scores where quiniela_id = $1', [round.id]);
    expect(scored!.n).toBe(2);
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [round.id]);
  }
});
