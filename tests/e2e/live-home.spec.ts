// Match day on the homes (issue 45): two phones at 390 px, two players in one liga, each with
// /inicio (the installed app's home) and the liga's page open while their round is played. A goal
// scored through the stand-in's match clock reaches all four screens through the round's one
// broadcast: the score and minute, each pick turning provisionally right or wrong, "Si terminara
// así" and the place in the round, and the liga's month table as it would stand, with its arrows
// — every figure marked provisional, nothing stored as a score.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { rulesFor } from '../../src/lib/game/game-rules';
import { clearOfMidnight } from '../support/e2e-clock.ts';
import { closeRoundNow, createPlayer, signInPage, type E2ePlayer } from '../support/e2e-players.ts';
import { holdFeed, releaseFeed, scheduled } from '../support/e2e-football.ts';
import { e2eSql, scoreARoundThisMonth } from '../support/e2e-standings.ts';

test.describe.configure({ timeout: 120_000 });
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

/** A phone: one browser context, the player signed in, /inicio in one tab and the liga in another. */
async function phone(browser: Browser, player: E2ePlayer, leagueId: string): Promise<{ home: Page; liga: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  const home = await context.newPage();
  await signInPage(home, player);
  await home.goto('/inicio');
  const liga = await context.newPage();
  await liga.goto(`/ligas/${leagueId}`);
  return { home, liga };
}

test('two phones see a goal on /inicio and on the liga page: the provisional points, the place and the liga table change', async ({ browser }, testInfo) => {
  // The round, the liga's month table and the screens must agree on the month.
  await clearOfMidnight('month');
  // Short prefixes: the liga's table shows a username's first 15 characters.
  const [ana, beto] = await Promise.all([createPlayer('vi'), createPlayer('vi')]);
  const names = Object.fromEntries(
    (await e2eSql<{ id: string; username: string }>('select id, username from public.profiles where id = any($1)', [[ana.id, beto.id]])).map((p) => [p.id, p.username]),
  );
  const { data: liga, error } = await ana.api.rpc('create_league', { name: `En vivo ${Date.now().toString(36)}` });
  if (error) throw error;
  const { id: leagueId, code } = liga[0]!;
  expect((await beto.api.rpc('join_league', { code })).error).toBeNull();
  // Both already have points this month, the same (a round each, 7 of 12 right): tied first in the
  // liga's table now. At 0 points a member has no place, so no arrow to move (issue 44).
  const earlier = [await scoreARoundThisMonth(ana.id), await scoreARoundThisMonth(beto.id)];

  // A round closed moments ago (database clock): three matches already decided by hand, and
  // América–Chivas following a fixture of the stand-in that kicked off ten minutes ago.
  const roundName = `Jornada en vivo ${Date.now().toString(36)}`;
  const [{ id: round }] = await e2eSql<{ id: number }>(
    `insert into public.quinielas (name, week, deadline) values ($1, 1, now() + interval '1 hour') returning id`,
    [roundName],
  );
  try {
    const [{ at: kickoff }] = await e2eSql<{ at: Date }>(`select now() - interval '10 minutes' as at`);
    const fixture = (await hook('/fixtures', { home_team_id: 2287, away_team_id: 2278, date: kickoff.toISOString() })).fixture.id;
    const matches = await e2eSql<{ id: number }>(
      `insert into public.matches (quiniela_id, match_order, home_team, away_team, home_club_id, away_club_id, kickoff_at, provider_fixture_id, correct_result)
       values ($1, 1, 'Monterrey', 'Tigres', 9, 15, $2, null, 'Local'), ($1, 2, 'Pumas', 'Toluca', null, null, $2, null, 'Empate'),
              ($1, 3, 'Santos', 'Atlas', null, null, $2, null, 'Visita'), ($1, 4, 'América', 'Chivas', 1, 5, $2, $3, null)
       returning id`,
      [round, kickoff, fixture],
    );
    // Both got the three decided matches right; on América–Chivas Ana took América, Beto the draw.
    const picks = (player: E2ePlayer, last: string) => matches.map((m, i) => [player.id, m.id, ['Local', 'Empate', 'Visita', last][i]]);
    for (const [user, match, result] of [...picks(ana, 'Local'), ...picks(beto, 'Empate')]) {
      await e2eSql('insert into public.picks (user_id, match_id, result) values ($1, $2, $3)', [user, match, result]);
    }
    const deadline = await closeRoundNow(round);
    await hook(`/fixtures/${fixture}/kickoff`);
    await poll();

    const points = rulesFor(deadline).pointsByCorrect;
    const [anaPhone, betoPhone] = [await phone(browser, ana, leagueId), await phone(browser, beto, leagueId)];
    const card = (page: Page) => page.getByRole('region', { name: `En vivo: ${roundName}` });
    const game = (page: Page) => card(page).getByRole('group', { name: 'América contra Chivas' });
    const table = (page: Page) => card(page).getByRole('table', { name: /Tabla provisional de la liga/ });
    const row = (page: Page, player: E2ePlayer) => table(page).getByTestId('provisional-row').filter({ hasText: names[player.id]!.slice(0, 15) });

    // 0–0: three right for Ana (points[3]), four for Beto (points[4]).
    for (const page of [anaPhone.home, anaPhone.liga, betoPhone.home, betoPhone.liga]) {
      await expect(game(page).getByTestId('live-score')).toContainText('0 – 0');
    }
    for (const page of [anaPhone.home, anaPhone.liga]) {
      await expect(card(page).getByText(`Si terminara así: ${points[3]} pts`)).toBeVisible();
      await expect(card(page).getByText('(provisional · 3 de 4 acertados hasta ahora)')).toBeVisible();
      await expect(game(page).getByText('Vas fallando (provisional)')).toBeVisible();
      await expect(card(page).getByTestId('live-place')).toHaveText('Lugar 2 de 2 en la quiniela (provisional)');
    }
    for (const page of [betoPhone.home, betoPhone.liga]) {
      await expect(card(page).getByText(`Si terminara así: ${points[4]} pts`)).toBeVisible();
      await expect(game(page).getByText('Vas acertando (provisional)')).toBeVisible();
      await expect(card(page).getByTestId('live-place')).toHaveText('Lugar 1 de 2 en la quiniela (provisional)');
    }
    for (const page of [anaPhone.liga, betoPhone.liga]) {
      await expect(card(page).getByText('Provisional', { exact: true })).toBeVisible();
      await expect(row(page, beto)).toContainText(`+${points[4]}`);
      await expect(row(page, beto).getByLabel('igual')).toBeVisible();
      await expect(row(page, ana)).toContainText(`+${points[3]}`);
      await expect(row(page, ana).getByLabel('baja 1')).toBeVisible();
    }

    // América scores in the 23rd minute: the provider's update, then the scheduler's next poll.
    await hook(`/fixtures/${fixture}/goal`, { team: 'home', minute: 23 });
    await poll();
    for (const page of [anaPhone.home, anaPhone.liga, betoPhone.home, betoPhone.liga]) {
      await expect(game(page).getByTestId('live-score')).toContainText('1 – 0');
      await expect(game(page).getByTestId('live-score')).toContainText("23'");
    }
    for (const page of [anaPhone.home, anaPhone.liga]) {
      await expect(card(page).getByText(`Si terminara así: ${points[4]} pts`)).toBeVisible();
      await expect(game(page).getByText('Vas acertando (provisional)')).toBeVisible();
      await expect(card(page).getByTestId('live-place')).toHaveText('Lugar 1 de 2 en la quiniela (provisional)');
    }
    for (const page of [betoPhone.home, betoPhone.liga]) {
      await expect(card(page).getByText(`Si terminara así: ${points[3]} pts`)).toBeVisible();
      await expect(game(page).getByText('Vas fallando (provisional)')).toBeVisible();
      await expect(card(page).getByTestId('live-place')).toHaveText('Lugar 2 de 2 en la quiniela (provisional)');
    }
    for (const page of [anaPhone.liga, betoPhone.liga]) {
      await expect(table(page).getByTestId('provisional-row').first()).toContainText(names[ana.id]!.slice(0, 15));
      await expect(row(page, ana)).toContainText(`+${points[4]}`);
      await expect(row(page, ana).getByLabel('igual')).toBeVisible();
      await expect(row(page, beto).getByLabel('baja 1')).toBeVisible();
    }

    // What the closing note describes: a live round at 390 px on /inicio and on the liga's page.
    for (const [name, page] of [['inicio', anaPhone.home], ['liga', anaPhone.liga]] as const) {
      await page.evaluate(() => window.scrollTo(0, 0));
      const path = testInfo.outputPath(`${name}-en-vivo-390.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(`${name}-en-vivo-390`, { path, contentType: 'image/png' });
    }
    // Provisional only: nothing was scored.
    expect(await e2eSql('select 1 from public.scores where quiniela_id = $1', [round])).toEqual([]);
    await anaPhone.home.context().close();
    await betoPhone.home.context().close();
  } finally {
    await e2eSql('delete from public.quinielas where id = any($1)', [[round, ...earlier]]);
    await e2eSql('delete from public.leagues where id = $1', [leagueId]);
  }
});
