// Match day's results (issue 45, ../shared/spec/decisions.md "Match day"), on phones at 390 px:
// a round created from the stand-in's calendar is played to full time through its match clock
// and finalizes with nobody typing; a postponed match not played within 48 hours is void, counts
// for the picks on it and says so in words on its card; a correction after finalization appears
// in the round's public log, re-scores, and the player it changed is told. Every wait of the
// rules (the two hours after the last whistle, the 48 hours) is arranged against the database
// clock, and the scheduler's jobs are run as it runs them (tests/support/e2e-football.ts).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { voidsAt } from '../../src/lib/game/rounds';
import { formatDayAndTime } from '../../src/lib/time';
import { CLOSED_DEADLINE_SQL, feedRound, finalizeDueRounds, footballHook, holdFeed, pickAll, playToFullTime, releaseFeed, scheduled, whistleAgo } from '../support/e2e-football.ts';
import { newestMail } from '../support/e2e-inbox.ts';
import { createPlayer, signInPage, signInPlayer, type E2ePlayer } from '../support/e2e-players.ts';
import { e2eSql } from '../support/e2e-standings.ts';

test.describe.configure({ timeout: 120_000 });
// The feed is one for the platform: shared with the other journeys that follow it (holdFeed).
test.beforeEach(() => holdFeed('shared'));
test.afterEach(releaseFeed);

async function phone(browser: Browser, player: E2ePlayer | null, round: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  const page = await context.newPage();
  if (player) await signInPage(page, player);
  await page.goto(`/quinielazo-de-la-semana?quiniela=${round}`);
  return page;
}
const card = (page: Page, name: string) => page.getByRole('group', { name });
const score = async (player: E2ePlayer, round: number) =>
  (await e2eSql<{ correct: number; points: number }>('select correct, points from public.scores where user_id = $1 and quiniela_id = $2', [player.id, round]))[0];
const mexicoDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(at);

test('a round from the calendar: full time on every match, and it finalizes with nobody typing', async ({ page, browser }) => {
  const tag = Date.now().toString(36);
  const [{ at }] = await e2eSql<{ at: Date }>(`select date_trunc('minute', now() + interval '9 days') as at`);
  const visitors = [`Visita A ${tag}`, `Visita B ${tag}`];
  const teams = [];
  for (const name of visitors) teams.push((await footballHook('/teams', { name, league: 262 })).team as { id: number });
  const fixtures = [
    (await footballHook('/fixtures', { home_team_id: 2287, away_team_id: teams[0]!.id, date: at.toISOString() })).fixture.id as number,
    (await footballHook('/fixtures', { home_team_id: 2282, away_team_id: teams[1]!.id, date: at.toISOString() })).fixture.id as number,
  ];

  // The admin ticks both fixtures on /admin/create.
  const admin = await signInPlayer('admin@quinielazo.mx', 'Admin1234');
  await signInPage(page, admin);
  await page.goto('/admin/create');
  const calendar = page.locator('div').filter({ has: page.getByRole('heading', { name: 'Desde el calendario' }) }).last();
  await calendar.getByLabel('Liga').selectOption('262');
  await calendar.getByLabel('Desde').fill(mexicoDay(at));
  await calendar.getByLabel('Hasta').fill(mexicoDay(at));
  await calendar.getByRole('button', { name: 'Ver partidos' }).click();
  const list = calendar.getByRole('list', { name: 'Partidos del calendario' });
  for (const name of visitors) await list.getByRole('listitem').filter({ hasText: name }).getByRole('checkbox').check();
  await calendar.getByLabel('Nombre').fill(`Jornada del calendario ${tag}`);
  await calendar.getByLabel('Semana').fill('51');
  await calendar.getByRole('button', { name: 'Crear quiniela con 2 partidos' }).click();
  await expect(calendar.getByRole('status')).toContainText('creada con 2 partidos del calendario');

  const [{ id: round }] = await e2eSql<{ id: number }>('select id from public.quinielas where name = $1', [`Jornada del calendario ${tag}`]);
  const matches = (await e2eSql<{ id: number }>('select id from public.matches where quiniela_id = $1 order by match_order', [round])).map((m) => Number(m.id));
  try {
    // Ana picks while the round is open: América, and a win for Visita B.
    const ana = await createPlayer('calend');
    await pickAll(ana.id, matches, ['Local', 'Visita']);
    // Match day comes: the round closed and its matches kicked off 110 minutes ago (database clock).
    await e2eSql(`update public.quinielas set deadline = ${CLOSED_DEADLINE_SQL} where id = $1`, [round]);
    const [{ kickoff }] = await e2eSql<{ kickoff: Date }>(
      `update public.matches set kickoff_at = now() - interval '110 minutes' where quiniela_id = $1 returning kickoff_at as kickoff`,
      [round],
    );
    // The feed agrees on the day: a fixture it still dates in nine days is a re-dated one, which
    // the poller asks only from its new date (a poll of another journey in between stores that date).
    for (const fixture of fixtures) await footballHook(`/fixtures/${fixture}/reschedule`, { date: kickoff.toISOString() });

    // Full time on both through the stand-in's match clock: 1–0 and 0–0; the poller hears it.
    await playToFullTime(fixtures[0]!, ['home']);
    await playToFullTime(fixtures[1]!);
    await scheduled('poll-live-scores');
    expect((await e2eSql<{ r: string }>('select correct_result as r from public.matches where quiniela_id = $1 order by match_order', [round])).map((m) => m.r))
      .toEqual(['Local', 'Empate']);

    const anaPhone = await phone(browser, ana, round);
    await expect(card(anaPhone, `América contra ${visitors[0]}`).getByTestId('live-score')).toContainText('1 – 0');
    await expect(card(anaPhone, `América contra ${visitors[0]}`).getByTestId('live-score')).toContainText('Final');

    // Two hours after the last whistle (arranged), the scheduler's minute job finalizes it.
    await finalizeDueRounds();
    expect((await e2eSql<{ saved: boolean }>('select results_saved as saved from public.quinielas where id = $1', [round]))[0]!.saved).toBe(false);
    await whistleAgo(round, 121);
    await finalizeDueRounds();
    expect(await e2eSql('select results_saved, (select started_by from public.round_finalizations f where f.quiniela_id = q.id) as started_by from public.quinielas q where id = $1', [round]))
      .toEqual([{ results_saved: true, started_by: null }]);
    expect(await score(ana, round)).toMatchObject({ correct: 1 });

    await anaPhone.reload();
    await expect(card(anaPhone, `América contra ${visitors[0]}`).getByText('✓ Acertaste')).toBeVisible();
    await expect(card(anaPhone, `Monterrey contra ${visitors[1]}`).getByText('✗ Fallaste · fue Empate')).toBeVisible();
    await anaPhone.context().close();
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [round]);
    await e2eSql('delete from public.clubs where provider_team_id = any($1)', [teams.map((t) => t.id)]);
  }
});

test('a postponed match not played within 48 hours is void: it counts for the picks on it, and its card says so', async ({ browser }) => {
  const r = await feedRound('Jornada con aplazado');
  try {
    const [ana, beto] = await Promise.all([createPlayer('anulado'), createPlayer('anulado')]);
    // Both pick América (it wins 1–0); on the postponed match Ana picks Tigres, Beto nothing.
    await pickAll(ana.id, r.matches, ['Local', 'Visita']);
    await pickAll(beto.id, r.matches, ['Local', null]);
    await playToFullTime(r.fixtures[0]!, ['home']);
    await footballHook(`/fixtures/${r.fixtures[1]}/postpone`);
    await scheduled('poll-live-scores');

    // Within the 48 hours the card says until when it may still be played.
    const [{ kickoff }] = await e2eSql<{ kickoff: Date }>('select kickoff_at as kickoff from public.matches where id = $1', [r.matches[1]]);
    const anaPhone = await phone(browser, ana, r.id);
    const postponed = card(anaPhone, 'Monterrey contra Tigres');
    await expect(postponed.getByTestId('void-line')).toHaveText(
      `Partido aplazado: si no se juega antes del ${formatDayAndTime(voidsAt(kickoff.toISOString()))}, cuenta como acierto para quien lo pronosticó.`,
    );
    await expect(postponed.getByTestId('live-score')).toContainText('Pospuesto');

    // 48 hours and a minute after its kick-off, two hours after the other's whistle (arranged):
    // the scheduler's minute job makes it void and finalizes the round.
    await e2eSql(`update public.matches set kickoff_at = now() - interval '48 hours 1 minute' where id = $1`, [r.matches[1]]);
    await whistleAgo(r.id, 121);
    await finalizeDueRounds();
    expect(await e2eSql('select voided_at is not null as void, correct_result from public.matches where id = $1', [r.matches[1]])).toEqual([{ void: true, correct_result: null }]);
    expect(await score(ana, r.id)).toMatchObject({ correct: 2 });
    expect(await score(beto, r.id)).toMatchObject({ correct: 1 });

    await anaPhone.reload();
    await expect(postponed.getByTestId('void-line')).toHaveText('Partido anulado: cuenta como acierto para quien lo pronosticó.');
    await expect(postponed.getByText('✓ Cuenta como acierto')).toBeVisible();
    await expect(postponed.getByRole('button', { name: /Visita/ })).toHaveAttribute('data-look', 'right-pick');
    await anaPhone.context().close();

    // Beto did not pick it: the card says the rule, and that he had no pick.
    const betoPhone = await phone(browser, beto, r.id);
    await expect(card(betoPhone, 'Monterrey contra Tigres').getByTestId('void-line')).toHaveText('Partido anulado: cuenta como acierto para quien lo pronosticó.');
    await expect(card(betoPhone, 'Monterrey contra Tigres').getByText('Sin predicción')).toBeVisible();
    await betoPhone.context().close();
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [r.id]);
  }
});

test('a match made void while the round is open, and a result an admin types, reach the open screens without a reload: the weekly page and /inicio count them', async ({ browser }) => {
  const r = await feedRound('Jornada anulada en vivo');
  try {
    const ana = await createPlayer('anulado');
    // América–Chivas is on (0–0); Monterrey–Tigres postponed. Ana picked the draw and Tigres.
    await pickAll(ana.id, r.matches, ['Empate', 'Visita']);
    await footballHook(`/fixtures/${r.fixtures[0]}/kickoff`);
    await footballHook(`/fixtures/${r.fixtures[1]}/postpone`);
    await scheduled('poll-live-scores');
    const weekly = await phone(browser, ana, r.id);
    const home = await weekly.context().newPage();
    await home.goto('/inicio');
    const liveCard = home.getByRole('region', { name: 'En vivo: Jornada anulada en vivo' });
    for (const screen of [card(weekly, 'Monterrey contra Tigres'), liveCard.getByRole('group', { name: 'Monterrey contra Tigres' })]) {
      await expect(screen.getByTestId('void-line')).toContainText('Partido aplazado');
    }
    await expect(weekly.getByText('(provisional · 1 de 1 acertados hasta ahora)')).toBeVisible();

    // 48 hours after its kick-off (arranged): the scheduler's minute job makes it void (the round
    // stays open: América–Chivas is on), and the poller's next run tells the round's screens.
    await e2eSql(`update public.matches set kickoff_at = now() - interval '48 hours 1 minute' where id = $1`, [r.matches[1]]);
    await finalizeDueRounds();
    await scheduled('poll-live-scores');
    for (const screen of [card(weekly, 'Monterrey contra Tigres'), liveCard.getByRole('group', { name: 'Monterrey contra Tigres' })]) {
      await expect(screen.getByTestId('void-line')).toHaveText('Partido anulado: cuenta como acierto para quien lo pronosticó.');
      await expect(screen.getByText('✓ Cuenta como acierto')).toBeVisible();
    }
    // "Si terminara así" counts it: two of two.
    for (const page of [weekly, home]) await expect(page.getByText('(provisional · 2 de 2 acertados hasta ahora)')).toBeVisible();

    // An admin types América's win while the match is on (0–0 in the feed): through the outbox
    // and the poller's next run, both screens take the typed result without a reload.
    const admin = await createPlayer('anulado-admin');
    await e2eSql('insert into public.admins (id) values ($1)', [admin.id]);
    const typed = await signInPlayer(admin.email);
    const { error } = await typed.api.from('matches').update({ correct_result: 'Local' }).eq('id', r.matches[0]!);
    expect(error).toBeNull();
    await scheduled('poll-live-scores');
    for (const page of [weekly, home]) await expect(page.getByText('(provisional · 1 de 2 acertados hasta ahora)')).toBeVisible();
    await weekly.context().close();
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [r.id]);
  }
});

test('a correction after finalization appears in the public log, re-scores, and the player it changed is told', async ({ browser }) => {
  const r = await feedRound('Jornada corregida por el proveedor');
  try {
    const [ana, beto] = await Promise.all([createPlayer('correc'), createPlayer('correc')]);
    // 1–0 and 0–0 at full time. Ana: América and the draw (2 right); Beto: América and Tigres (1).
    await pickAll(ana.id, r.matches, ['Local', 'Empate']);
    await pickAll(beto.id, r.matches, ['Local', 'Visita']);
    await playToFullTime(r.fixtures[0]!, ['home']);
    await playToFullTime(r.fixtures[1]!);
    await scheduled('poll-live-scores');
    await whistleAgo(r.id, 121);
    await finalizeDueRounds();
    expect(await score(beto, r.id)).toMatchObject({ correct: 1 });

    // The provider corrects the second match to 0–1, heard at the hourly check (the hour arranged).
    await footballHook(`/fixtures/${r.fixtures[1]}/correct`, { home: 0, away: 1 });
    await e2eSql(`update public.match_live set checked_at = now() - interval '61 minutes' where quiniela_id = $1`, [r.id]);
    await scheduled('poll-live-scores');
    const after = await score(beto, r.id);
    expect(after).toMatchObject({ correct: 2 });
    expect(await score(ana, r.id)).toMatchObject({ correct: 1 });

    // Everyone reads it in the round's public log; Beto's line says what it did to his pick.
    const visitor = await phone(browser, null, r.id);
    const log = visitor.getByRole('region', { name: 'Correcciones de resultados' });
    await expect(log).toContainText('Partido 2 (Monterrey vs Tigres): Empate → Visita · proveedor · corrección del proveedor · después de finalizar');
    await expect(log).not.toContainText('Tu predicción');
    await visitor.context().close();
    const betoPhone = await phone(browser, beto, r.id);
    await expect(betoPhone.getByRole('region', { name: 'Correcciones de resultados' })).toContainText('Tu predicción (Visita) ahora cuenta como acierto');
    await expect(card(betoPhone, 'Monterrey contra Tigres').getByText('✓ Acertaste')).toBeVisible();
    await betoPhone.context().close();

    // And he is told (no phone subscribed: by e-mail), with his points now; so is Ana.
    await scheduled('dispatch-notifications');
    const mail = await newestMail(beto.email, /^✏️ Corrección en Jornada corregida por el proveedor$/);
    expect(mail.body.text).toContain(`Monterrey vs Tigres: Empate → Visita. Tu predicción (Visita) ahora cuenta como acierto. Ahora tienes ${after!.points} pts en esta quiniela.`);
    const anaMail = await newestMail(ana.email, /^✏️ Corrección en/);
    expect(anaMail.body.text).toContain('Tu predicción (Empate) ya no cuenta como acierto.');
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [r.id]);
  }
});
