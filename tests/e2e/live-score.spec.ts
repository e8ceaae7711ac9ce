// Match day (issue 45): two phones at 390 px on a closed round that follows the football feed
// see the score as it happens; a goal reaches both through the round's broadcast, each pick
// turns provisionally right or wrong, and "Si terminara así" changes for the player it helps.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { rulesFor } from '../../src/lib/game/game-rules';
import { closeRoundNow, createPlayer, signInPage, signInPlayer, type E2ePlayer } from '../support/e2e-players.ts';
import { holdFeed, releaseFeed, scheduled } from '../support/e2e-football.ts';
import { e2eSql } from '../support/e2e-standings.ts';

test.describe.configure({ timeout: 90_000 });
// The feed is one for the platform: shared with the other journeys that follow it (holdFeed).
test.beforeEach(() => holdFeed('shared'));
test.afterEach(releaseFeed);

const football = () => process.env.FOOTBALL_URL!;
async function hook(path: string, body: unknown = {}): Promise<{ fixture: { id: number } }> {
  const res = await fetch(`${football()}/__local${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { fixture: { id: number } };
}
/** What the scheduler does every 4 seconds (again while another journey's run was still asking: `busy`). */
const poll = () => scheduled('poll-live-scores');

async function phone(browser: Browser, player: E2ePlayer, round: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  const page = await context.newPage();
  await signInPage(page, player);
  await page.goto(`/quinielazo-de-la-semana?quiniela=${round}`);
  return page;
}

test('two phones see a goal and the provisional points change', async ({ browser }) => {
  const [ana, beto] = await Promise.all([createPlayer('vivo'), createPlayer('vivo')]);
  // A round closed a minute ago (database clock) whose two matches kicked off ten minutes ago.
  const [{ id: round }] = await e2eSql<{ id: number }>(
    `insert into public.quinielas (name, week, deadline) values ('Quiniela en vivo', 1, now() + interval '1 hour') returning id`,
  );
  const [{ at: kickoff }] = await e2eSql<{ at: Date }>(`select now() - interval '10 minutes' as at`);
  const fixtures = [(await hook('/fixtures', { home_team_id: 2287, away_team_id: 2278, date: kickoff.toISOString() })).fixture.id,
    (await hook('/fixtures', { home_team_id: 2282, away_team_id: 2279, date: kickoff.toISOString() })).fixture.id];
  const matches = await e2eSql<{ id: number }>(
    `insert into public.matches (quiniela_id, match_order, home_team, away_team, home_club_id, away_club_id, kickoff_at, provider_fixture_id)
     values ($1, 1, 'América', 'Chivas', 1, 5, $2, $3), ($1, 2, 'Monterrey', 'Tigres', 9, 15, $2, $4) returning id`,
    [round, kickoff, fixtures[0], fixtures[1]],
  );
  // Ana: América and the draw; Beto: Chivas and the draw.
  await e2eSql(
    `insert into public.picks (user_id, match_id, result) values ($1, $3, 'Local'), ($1, $4, 'Empate'), ($2, $3, 'Visita'), ($2, $4, 'Empate')`,
    [ana.id, beto.id, matches[0]!.id, matches[1]!.id],
  );
  const deadline = await closeRoundNow(round);
  try {
    for (const f of fixtures) await hook(`/fixtures/${f}/kickoff`);
    await poll();

    const points = rulesFor(deadline).pointsByCorrect;
    const [anaPhone, betoPhone] = [await phone(browser, ana, round), await phone(browser, beto, round)];
    for (const page of [anaPhone, betoPhone]) {
      await expect(page.getByTestId('live-score').first()).toContainText('0 – 0');
      await expect(page.getByText(`Si terminara así: ${points[1]} pts`)).toBeVisible();
    }
    await expect(anaPhone.getByRole('group', { name: 'América contra Chivas' }).getByText('Vas fallando (provisional)')).toBeVisible();

    await hook(`/fixtures/${fixtures[0]}/goal`, { team: 'home', minute: 23 });
    await poll();
    for (const page of [anaPhone, betoPhone]) {
      const score = page.getByRole('group', { name: 'América contra Chivas' }).getByTestId('live-score');
      await expect(score).toContainText('1 – 0');
      await expect(score).toContainText("23'");
    }
    await expect(anaPhone.getByText(`Si terminara así: ${points[2]} pts`)).toBeVisible();
    await expect(anaPhone.getByRole('group', { name: 'América contra Chivas' }).getByText('Vas acertando (provisional)')).toBeVisible();
    await expect(betoPhone.getByText(`Si terminara así: ${points[1]} pts`)).toBeVisible();
    await expect(betoPhone.getByRole('group', { name: 'América contra Chivas' }).getByText('Vas fallando (provisional)')).toBeVisible();
    // Provisional only: nothing was scored.
    expect(await e2eSql('select 1 from public.scores where quiniela_id = $1', [round])).toEqual([]);
    await anaPhone.context().close();
    await betoPhone.context().close();
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [round]);
  }
});

test("the round's page shows its correction log: a result changed by hand, who and when", async ({ browser }) => {
  const [{ id: round }] = await e2eSql<{ id: number }>(
    `insert into public.quinielas (name, week, deadline) values ('Quiniela corregida', 1, now() - interval '1 minute') returning id`,
  );
  try {
    const [match] = await e2eSql<{ id: number }>(
      `insert into public.matches (quiniela_id, match_order, home_team, away_team, home_club_id, away_club_id, correct_result)
       values ($1, 1, 'América', 'Chivas', 1, 5, 'Empate') returning id`, [round]);
    const admin = await signInPlayer('admin@quinielazo.mx', 'Admin1234');
    const { error } = await admin.api.from('matches').update({ correct_result: 'Visita' }).eq('id', match!.id);
    expect(error).toBeNull();

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
    const page = await context.newPage();
    await page.goto(`/quinielazo-de-la-semana?quiniela=${round}`);
    const log = page.getByRole('region', { name: 'Correcciones de resultados' });
    await expect(log).toContainText('Partido 1 (América vs Chivas): Empate → Visita · admin');
    await context.close();
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [round]);
  }
});
