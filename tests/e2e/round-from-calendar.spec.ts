// Match day (issue 45): the admin creates a round from the football feed's calendar — a league
// and two dates, a fixture ticked, the deadline proposed from its kick-off — and a club new to
// the product arrives with the round. Typing clubs by hand stays on the same page (admin.spec.ts).
import { expect, test } from '@playwright/test';
import { signInPage, signInPlayer } from '../support/e2e-players.ts';
import { holdFeed, releaseFeed } from '../support/e2e-football.ts';
import { e2eSql } from '../support/e2e-standings.ts';

test.describe.configure({ timeout: 90_000 });
// The feed is one for the platform: shared with the other journeys that follow it (holdFeed).
test.beforeEach(() => holdFeed('shared'));
test.afterEach(releaseFeed);

async function hook(path: string, body: unknown): Promise<Record<string, any>> {
  const res = await fetch(`${process.env.FOOTBALL_URL}/__local${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, any>;
}
const mexicoDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(at);

test('a round from the calendar: a fixture ticked, the deadline proposed, a new club created', async ({ page }) => {
  const tag = Date.now().toString(36);
  const [{ at }] = await e2eSql<{ at: Date }>(`select date_trunc('minute', now() + interval '9 days') as at`);
  const team = (await hook('/teams', { name: `Club Nuevo ${tag}`, league: 262 })).team as { id: number };
  const fixture = (await hook('/fixtures', { home_team_id: 2287, away_team_id: team.id, date: at.toISOString() })).fixture.id as number;

  const admin = await signInPlayer('admin@quinielazo.mx', 'Admin1234');
  await signInPage(page, admin);
  await page.goto('/admin/create');
  const calendar = page.locator('div').filter({ has: page.getByRole('heading', { name: 'Desde el calendario' }) }).last();
  await calendar.getByLabel('Liga').selectOption('262');
  await calendar.getByLabel('Desde').fill(mexicoDay(at));
  await calendar.getByLabel('Hasta').fill(mexicoDay(at));
  await calendar.getByRole('button', { name: 'Ver partidos' }).click();
  const row = calendar.getByRole('list', { name: 'Partidos del calendario' }).getByRole('listitem').filter({ hasText: `Club Nuevo ${tag}` });
  await expect(row).toContainText('club nuevo');
  await row.getByRole('checkbox').check();
  await expect(calendar.getByText(/Cierre propuesto/)).toBeVisible();
  await calendar.getByLabel('Nombre').fill(`Calendario ${tag}`);
  await calendar.getByLabel('Semana').fill('50');
  await calendar.getByRole('button', { name: 'Crear quiniela con 1 partido' }).click();
  await expect(calendar.getByRole('status')).toContainText('creada con 1 partidos del calendario');

  const [created] = await e2eSql<{ id: number; deadline: Date; kickoff_at: Date; provider_fixture_id: string; club: string; crest: string }>(
    `select q.id, q.deadline, m.kickoff_at, m.provider_fixture_id, c.name as club, c.logo_url as crest
     from public.quinielas q join public.matches m on m.quiniela_id = q.id join public.clubs c on c.id = m.away_club_id
     where q.name = $1`, [`Calendario ${tag}`]);
  try {
    expect(created).toMatchObject({ provider_fixture_id: String(fixture), club: `Club Nuevo ${tag}` });
    expect(created!.crest).toMatch(/^https:\/\/media\.api-sports\.io\/football\/teams\/\d+\.png$/);
    expect(created!.kickoff_at.getTime()).toBe(at.getTime());
    expect(created!.deadline.getTime()).toBe(at.getTime());

    // The admin holds its automatic finalization on the results screen.
    await page.goto('/admin/edit');
    await page.getByRole('combobox', { name: 'Quiniela', exact: true }).selectOption(String(created!.id));
    await page.getByLabel(/^Detener la finalización automática/).check();
    await expect.poll(async () => (await e2eSql<{ hold: boolean }>('select finalize_hold as hold from public.quinielas where id = $1', [created!.id]))[0]!.hold).toBe(true);
  } finally {
    await e2eSql('delete from public.quinielas where id = $1', [created!.id]);
    await e2eSql('delete from public.clubs where provider_team_id = $1', [team.id]);
  }
});
