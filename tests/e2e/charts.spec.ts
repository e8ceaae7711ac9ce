// The charts a fan looks at (issue 33), read the way a screen reader reads them: each chart's
// text alternative says what the test arranged (rank_history rows, scores and picks written by
// SQL relative to the database clock). A race's line ends where the month's table puts him.
import { expect, test } from '@playwright/test';
import { closeRoundNow, createPlayer, createRound, serviceWorkerInControl, signInPage, signInPlayer } from '../support/e2e-players.ts';
import { e2eSql, scoreARoundThisMonth } from '../support/e2e-standings.ts';
import { shownName } from '../support/shown.ts';

// Two cores shared with other runs: a dashboard's reads and its lazy chart chunk have taken over a minute.
test.describe.configure({ timeout: 120_000 });

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

async function usernameOf(id: string): Promise<string> {
  const [row] = await e2eSql<{ username: string }>('select username from public.profiles where id = $1', [id]);
  return row!.username;
}

test('a player who climbed from 12th to 3rd last month and ended where the table puts him reads so in his score detail, with his points per round', async ({ page }) => {
  const me = await createPlayer('carrera');
  const name = await usernameOf(me.id);
  // Last month by the database clock: its 1st, its 21st and its 28th exist in every month.
  const [month] = await e2eSql<{ y: number; m: number; key: string; last_day: number }>(
    `select extract(year from d)::int as y, extract(month from d)::int as m, to_char(d, 'YYYY-MM') as key,
            extract(day from d + interval '1 month' - interval '1 day')::int as last_day
     from (select date_trunc('month', now() at time zone 'America/Mexico_City') - interval '1 month' as d) t`,
  );
  const [round] = await e2eSql<{ id: number }>(
    `insert into public.quinielas (name, week, deadline, results_saved)
     values ('Quiniela carrera', 1, (date_trunc('month', now() at time zone 'America/Mexico_City') - interval '10 days') at time zone 'America/Mexico_City', true)
     returning id`,
  );
  try {
    await e2eSql('insert into public.scores (user_id, quiniela_id, correct, points) values ($1, $2, 9, 42)', [me.id, round!.id]);
    await e2eSql(
      `insert into public.rank_history (user_id, day, rank_total, total_points)
       select $1, make_date($2, $3, d), r, 42 from (values (1, 12), (14, 10), (21, 3)) v(d, r)`,
      [me.id, month!.y, month!.m],
    );
    await signInPage(page, me);
    const monthWord = MONTHS[month!.m - 1];
    // The line ends on the month's last day where its table puts him, which other tests' players of
    // that month decide: read each try.
    await expect(async () => {
      const [{ rank_total: rank }] = (await e2eSql<{ rank_total: number }>(
        'select rank_total from public.monthly_standings_ranked where user_id = $1 and year = $2 and month = $3',
        [me.id, month!.y, month!.m],
      )) as [{ rank_total: number }];
      const trend = rank < 12 ? 'subió' : rank > 12 ? 'bajó' : 'se mantuvo';
      await page.goto(`/leaderboard?mes=${month!.key}`);
      // His row: among the top 20 or below them as "Tu posición", wherever 42 points put him.
      // His button reads "<name>(tú)": the name as the leaderboard cuts it, then the mark.
      await page.getByRole('table').getByRole('button', { name: new RegExp(`^${shownName(name).replace('…', '.')}`) }).first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('img', { name: /^Tu posición en/ })).toHaveAttribute(
        'aria-label',
        `Tu posición en ${monthWord} ${trend}: del 12.º lugar el 1 de ${monthWord} al ${rank}.º lugar el ${month!.last_day} de ${monthWord}; el mejor, ${Math.min(3, rank)}.º.`,
        { timeout: 30_000 },
      );
      await expect(dialog.getByText(`Terminaste ${monthWord} en ${rank}.º lugar.`)).toBeVisible({ timeout: 1_000 });
      await expect(dialog.getByRole('img', { name: /^Puntos por quiniela/ })).toHaveAttribute('aria-label', 'Puntos por quiniela: Quiniela carrera, 42.');
    }).toPass({ timeout: 90_000 });
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [round!.id]);
  }
});

test('a new player sees one point and a sentence in his month’s race, and his friend’s line when he taps', async ({ page }) => {
  const [me, friend] = await Promise.all([createPlayer('nuevo'), createPlayer('amigo')]);
  const [myName, friendName] = [await usernameOf(me.id), await usernameOf(friend.id)];
  await e2eSql('insert into public.friends (user_id, friend_id) values ($1, $2)', [me.id, friend.id]);
  // A round each this month by the database clock, the same points (7 of 12): no day of the race
  // snapshotted yet, so each line is today's point, the place the table gives (the same for both).
  const rounds = [await scoreARoundThisMonth(me.id), await scoreARoundThisMonth(friend.id)];
  try {
    const [clock] = await e2eSql<{ key: string; m: number; day: number }>(
      `select to_char(t, 'YYYY-MM') as key, extract(month from t)::int as m, extract(day from t)::int as day
       from (select now() at time zone 'America/Mexico_City' as t) x`,
    );
    const monthWord = MONTHS[clock!.m - 1];
    await signInPage(page, me);
    await expect(async () => {
      const [{ rank_total: rank }] = (await e2eSql<{ rank_total: number }>(
        `select rank_total from public.monthly_standings_ranked where user_id = $1
           and (year, month) = (select extract(year from t)::int, extract(month from t)::int from (select now() at time zone 'America/Mexico_City' as t) x)`,
        [me.id],
      )) as [{ rank_total: number }];
      await page.goto(`/leaderboard?mes=${clock!.key}`);
      await page.getByRole('table').getByRole('button', { name: new RegExp(`^${shownName(myName).replace('…', '.')}`) }).first().click();
      const dialog = page.getByRole('dialog');
      const race = dialog.getByRole('img', { name: /^Tu posición en/ });
      // The page's reads and the chart's chunk on a busy two-core machine: a generous first wait.
      await expect(race).toHaveAttribute('aria-label', `Tu posición en ${monthWord}: ${rank}.º lugar el ${clock!.day} de ${monthWord}.`, { timeout: 30_000 });
      await expect(dialog.getByText(`Tu primer día en el ranking: ${rank}.º lugar.`, { exact: false })).toBeVisible({ timeout: 1_000 });
      await dialog.getByRole('button', { name: 'Comparar con los 3 mejores y tus amigos' }).click();
      await expect(race).toHaveAttribute('aria-label', new RegExp(`Comparado con: .*${shownName(friendName).replace('…', '.')}, ${rank}\\.º`));
    }).toPass({ timeout: 90_000 });
  } finally {
    await e2eSql('delete from public.quinielas where id = any($1)', [rounds]);
  }
});

test('a closed round shows each match’s split as one bar with the pick and the result', async ({ page }) => {
  const [me, other1, other2] = await Promise.all([createPlayer('split'), createPlayer('split'), createPlayer('split')]);
  const round = await createRound('Quiniela reparto', 1);
  const [match] = await e2eSql<{ id: number }>('select id from public.matches where quiniela_id = $1', [round.id]);
  await e2eSql(
    `insert into public.picks (user_id, match_id, result) values ($1, $4, 'Local'), ($2, $4, 'Visita'), ($3, $4, 'Visita')`,
    [me.id, other1.id, other2.id, match!.id],
  );
  await closeRoundNow(round.id);
  await e2eSql(`update public.matches set correct_result = 'Visita' where id = $1`, [match!.id]);
  try {
    await signInPage(page, me);
    await page.goto(`/picks?quiniela=${round.id}`);
    await expect(page.getByRole('list', { name: 'Partidos' }).getByRole('img', { name: /^Votos/ })).toHaveAttribute(
      'aria-label',
      'Votos: Local 33%, Empate 0%, Visita 67%. Tu predicción: Local. Resultado: Visita.',
      { timeout: 30_000 },
    );
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [round.id]);
  }
});

test('the admin follows a custom e-mail to 60 players from its first count to done, and finds it again after leaving', async ({ page }) => {
  const tag = Date.now().toString(36);
  const recipients = Array.from({ length: 60 }, (_, i) => `progreso${tag}${i}@e2e.quinielazo.mx`);
  const subject = `Progreso ${tag}`;
  await signInPage(page, await signInPlayer('admin@quinielazo.mx', 'Admin1234'));
  await page.goto('/admin/enviar-emails');
  // Every count the progress line shows, in order, as the admin sees them.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuetext');
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await page.getByLabel('Destinatarios (separados por comas)').fill(recipients.join(', '));
  await page.getByLabel('Asunto').fill(subject);
  await page.getByLabel('Mensaje (HTML)').fill('<p>¡Hola, {{username}}!</p>');
  await page.getByRole('button', { name: 'Enviar correos' }).click();

  const progress = page.getByRole('progressbar', { name: 'Progreso del envío' });
  await expect(progress).toHaveAttribute('aria-valuetext', 'Terminado: 60 de 60 enviados · 0 fallidos', { timeout: 30_000 });
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  const counts = seen.map((t) => Number(/([\d,]+) de 60/.exec(t)![1]));
  expect(counts).toEqual([...counts].sort((a, b) => a - b));
  // Every mail is in the inbox.
  const inbox = process.env.INBOX_URL!;
  for (const address of recipients) {
    const list: Array<{ subject: string }> = await (await fetch(`${inbox}/api/v1/mailbox/${address.split('@')[0]}`)).json();
    expect(list.map((m) => m.subject)).toContain(subject);
  }

  // He leaves and comes back: the send is where he left it.
  await page.goto('/admin');
  await page.goto('/admin/enviar-emails');
  await expect(progress).toHaveAttribute('aria-valuetext', 'Terminado: 60 de 60 enviados · 0 fallidos');
  await expect(page.getByRole('status').filter({ hasText: 'Terminado: 60 de 60 enviados · 0 fallidos' })).toBeVisible();
});

test('the Pro pool’s chart says how the pool grew toward the close and its 300 MXN floor, also offline', { tag: '@service-worker' }, async ({ page, context }) => {
  const me = await createPlayer('bolsa');
  const round = await createRound(`Quiniela bolsa ${Date.now().toString(36)}`, 1);
  // Published two days ago by the database clock; two payments credited since, and a refund that
  // does not count.
  await e2eSql(`update public.quinielas set created_at = now() - interval '2 days' where id = $1`, [round.id]);
  await e2eSql(
    `insert into public.payments (provider_payment_id, quiniela_id, pack_type, status, amount_mxn, currency, outcome, pool_mxn, created_at, credited_at)
     select gen_random_uuid()::text, $1, 'single', 'approved', 25, 'MXN', o, v, now() - h * interval '1 hour', now() - h * interval '1 hour'
     from (values ('credited', 200, 30), ('voided', 16.5, 20), ('credited', 250, 3)) t(o, v, h)`,
    [round.id],
  );
  try {
    await signInPage(page, me);
    await page.goto(`/pro?quiniela=${round.id}`);
    const chart = page.getByRole('region', { name: 'Cómo crece la bolsa' }).getByRole('img');
    const trend = 'La bolsa creció de 0 a 450 MXN; el mínimo es 300 MXN.';
    await expect(chart).toHaveAttribute('aria-label', trend, { timeout: 30_000 });
    await expect(page.getByText('Mínimo garantizado: 300 MXN')).toBeVisible();

    // Offline, the page and its chart come from the phone's copy.
    await serviceWorkerInControl(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: /^Sin conexión: ves la copia de Quinielazo Pro guardada el / })).toBeVisible({ timeout: 20_000 });
    await expect(chart).toHaveAttribute('aria-label', trend);
  } finally {
    await context.setOffline(false);
    await e2eSql('delete from public.payments where quiniela_id = $1', [round.id]);
    await e2eSql('delete from public.quinielas where id = $1', [round.id]);
  }
});

test('the admin finalizes a round and follows its four steps to done, and finds them again after leaving', async ({ page }) => {
  const [ana, beto] = await Promise.all([createPlayer('pasos'), createPlayer('pasos')]);
  const round = await createRound(`Quiniela pasos ${Date.now().toString(36)}`, 1);
  const [match] = await e2eSql<{ id: number }>('select id from public.matches where quiniela_id = $1', [round.id]);
  await e2eSql(`insert into public.picks (user_id, match_id, result) values ($1, $3, 'Local'), ($2, $3, 'Visita')`, [ana.id, beto.id, match!.id]);
  await closeRoundNow(round.id);
  try {
    await signInPage(page, await signInPlayer('admin@quinielazo.mx', 'Admin1234'));
    await page.goto('/admin/edit');
    await page.getByRole('combobox', { name: 'Quiniela', exact: true }).selectOption(String(round.id));
    const field = page.getByRole('combobox', { name: /^Resultado de / });
    await field.fill('Local');
    await field.press('Tab');
    await expect(page.getByText('Guardado ✓')).toBeVisible();
    // Every state of the four steps the admin sees, in order.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { stepsSeen: string[] }).stepsSeen = seen;
      new MutationObserver(() => {
        const states = [...document.querySelectorAll('[aria-label="Pasos de la finalización"] li')].map((li) => li.getAttribute('data-state')).join(' ');
        if (states && seen[seen.length - 1] !== states) seen.push(states);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Guardar resultados finales' }).click();
    await page.getByRole('dialog', { name: 'Confirmar' }).getByRole('button', { name: 'Sí, finalizar' }).click();

    const steps = page.getByRole('list', { name: 'Pasos de la finalización' }).getByRole('listitem');
    const done = [
      'Resultados guardados — Listo · 1 de 1 partidos',
      'Sello comprobado — Listo · las predicciones coinciden con el sello',
      'Puntos calculados — Listo · 2 jugadores',
      'Avisos de puntos en cola — Listo · 2 por correo o aviso en el teléfono',
    ];
    await expect(steps).toContainText(done, { timeout: 30_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Finalización terminada.' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Resultados finalizados' })).toBeVisible();
    // The steps only ever finish in order: what is done is always the first ones.
    const seen = await page.evaluate(() => (window as unknown as { stepsSeen: string[] }).stepsSeen);
    expect(seen.length).toBeGreaterThan(0);
    const rank: Record<string, number> = { done: 0, running: 1, pending: 2 };
    for (const states of seen) {
      const ranks = states.split(' ').map((s) => rank[s]);
      expect(ranks, seen.join(' | ')).toEqual([...ranks].sort());
      expect(ranks.filter((r) => r === 1).length, seen.join(' | ')).toBeLessThanOrEqual(1);
    }
    expect(seen[seen.length - 1]).toBe('done done done done');
    const [scored] = await e2eSql<{ n: number }>('select count(*)::int as n from public.scores where quiniela_id = $1', [round.id]);
    expect(scored!.n).toBe(2);

    // He leaves and comes back: the round's last finalization is there as it ended.
    await page.goto('/admin');
    await page.goto('/admin/edit');
    await page.getByRole('combobox', { name: 'Quiniela', exact: true }).selectOption(String(round.id));
    await expect(steps).toContainText(done);
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [round.id]);
  }
});

test('the admin’s 30 days: picks per round as a chart with its table', async ({ page }) => {
  const name = `Analítica ${Date.now().toString(36)}`;
  const round = await createRound(name, 1);
  try {
    await e2eSql(
      `insert into public.picks (user_id, match_id, result)
       select p.id, m.id, 'Local' from public.profiles p, public.matches m
       where p.email in ('ana@quinielazo.mx', 'beto@quinielazo.mx') and m.quiniela_id = $1`,
      [round.id],
    );
    await closeRoundNow(round.id);
    await signInPage(page, await signInPlayer('admin@quinielazo.mx', 'Admin1234'));
    await page.goto('/admin/analytics');
    const table = page.getByRole('table', { name: 'Predicciones por quiniela' });
    await expect(table.getByRole('row', { name: `${name} 2` })).toBeAttached({ timeout: 30_000 });
    await expect(page.getByRole('img', { name: /^Predicciones por quiniela: \d+ predicciones en total; el máximo, \d+/ })).toBeVisible();
    for (const title of ['Jugadores activos por día', 'Registros por día', 'Referidos por día']) {
      await expect(page.getByRole('table', { name: title }).getByRole('row')).toHaveCount(31 + 1);
    }
    // Players active each day are an average, not a sum of the same players; and the 30 days'
    // names under the bars are readable at 390 px: each one shown is whole and none overlaps the
    // next (a walk, 2026-11-28, found 31 names cut to "2 2 3 3 1" and the values run together).
    const active = page.getByRole('img', { name: /^Jugadores activos por día: \d+ jugador(es)? al día en promedio; el máximo, \d+ \(\d+\/\d+\)\.$/ });
    await expect(active).toBeVisible();
    // The 30 bars fit the phone: the chart ends inside the 390 px screen (its grid column once
    // grew to 1,066 px). The whole page's width is not asserted: after the full suite's rounds and
    // players it measured 420 px from another element, a finding still open (docs/decisions-log.md).
    const edge = await active.evaluate((chart) => ({ right: chart.getBoundingClientRect().right, spill: chart.scrollWidth - chart.clientWidth }));
    expect(edge.right + edge.spill).toBeLessThanOrEqual(390);
    for (const row of [active.locator('> div').first(), active.locator('> div').last()]) {
      const shown = await row.evaluate((line) =>
        [...line.querySelectorAll('span')]
          .filter((s) => s.children.length === 0 && s.textContent && getComputedStyle(s).visibility === 'visible')
          .map((s) => ({ text: s.textContent!, cut: getComputedStyle(s).textOverflow === 'ellipsis' && s.scrollWidth > s.clientWidth, ...s.getBoundingClientRect().toJSON() as DOMRect })),
      );
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.filter((s) => s.cut).map((s) => s.text)).toEqual([]);
      for (let i = 1; i < shown.length; i++) expect(shown[i]!.left, `${shown[i - 1]!.text} | ${shown[i]!.text}`).toBeGreaterThanOrEqual(shown[i - 1]!.right);
    }
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [round.id]);
  }
});
