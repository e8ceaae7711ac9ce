// Issue 44, item 13, at 390 px: the words on screen. One word for the round ("quiniela"), one
// for a guess ("predicción"), one rank format ("8.º"), Spanish with months in lower case, a liga
// organised rather than owned, and a round's date said once beside its name. The walk reads the
// rendered text of each screen a player opens and holds it to src/lib/words.ts.
import { expect, test, type Page } from '@playwright/test';
import { retiredWordsIn } from '../../src/lib/words.ts';
import { createPlayer, signInPage } from '../support/e2e-players.ts';
import { scoreARoundThisMonth } from '../support/e2e-standings.ts';

const DATA = { timeout: 30_000 };
const MONTH = /(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)/;

/** What the page says, as the reader sees it (hidden text left out), held to the retired words. */
async function saysNoRetiredWord(page: Page, screen: string): Promise<string> {
  const text = await page.locator('body').innerText();
  expect(retiredWordsIn(text), `${screen} still says`).toEqual([]);
  return text;
}

/** A round's name and the deadline beside it: a name that says its day ("Quiniela del 5 de
 * diciembre") is not followed by that day again. */
function dateOnce(name: string, beside: string): void {
  const day = new RegExp(`\\b(\\d{1,2} de ${MONTH.source})\\b`, 'iu').exec(name)?.[1];
  if (day) expect(beside, `"${name}" and "${beside}"`).not.toContain(day);
}

test('item 13: "Organiza la liga", "Los 3 mejores de <mes>" in lower case, one rank format, and the bonus called "Sorpresa", not "Underdog"', async ({ page }) => {
  const owner = await createPlayer('organiza');
  // Points this month, so he has a place in his liga to read as an ordinal (no points, no place).
  await scoreARoundThisMonth(owner.id);
  const { data, error } = await owner.api.rpc('create_league', { name: `Palabras ${Date.now().toString(36)}` });
  if (error) throw error;
  await signInPage(page, owner);

  await page.goto(`/ligas/${data[0]!.id}`);
  const members = page.getByRole('list', { name: 'Miembros' });
  await expect(members).toContainText('Organiza la liga', DATA);
  await expect(page.getByText(/Dueño/)).toHaveCount(0);

  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: new RegExp(`^Los 3 mejores de ${MONTH.source}$`) })).toBeVisible(DATA);
  await expect(page.getByText(/Top 3/)).toHaveCount(0);

  // One rank format, the Spanish ordinal: "Vas 1.º de 1", never "1°" or "#1".
  await page.goto('/inicio');
  await expect(page.getByRole('list', { name: 'Mis ligas' })).toContainText(/Vas \d+\.º de 1/, DATA);
  await expect(page.getByText(/\d°/)).toHaveCount(0);

  await page.goto('/rules');
  await expect(page.getByRole('main')).toContainText('Sorpresa');
  await expect(page.getByRole('main').getByText(/Underdog/)).toHaveCount(0);
});

test('item 13: every screen a player opens says "quiniela", "predicción" and "8.º", and never jornada, picks, pronósticos, "Semana 49", "#8" or "8°"', async ({ page }) => {
  test.setTimeout(120_000);
  const player = await createPlayer('palabras');
  await scoreARoundThisMonth(player.id);
  const { data, error } = await player.api.rpc('create_league', { name: `Palabras ${Date.now().toString(36)}` });
  if (error) throw error;
  const leagueId = data[0]!.id;
  await signInPage(page, player);

  // /inicio: his place in the liga as an ordinal.
  await page.goto('/inicio');
  await expect(page.getByRole('list', { name: 'Mis ligas' })).toContainText(/Vas 1\.º de 1/, DATA);
  await expect(page.getByRole('list', { name: 'Partidos de la semana' })).toBeVisible(DATA);
  await saysNoRetiredWord(page, '/inicio');

  // /dashboard: "Posición" is an ordinal; the quick action names the round.
  await page.goto('/dashboard');
  await expect(page.getByRole('definition').filter({ hasText: /^\d+\.º$/ })).toBeVisible(DATA);
  await expect(page.getByRole('navigation', { name: 'Accesos rápidos' }).getByRole('link', { name: /Quiniela de la semana/ })).toBeVisible();
  await saysNoRetiredWord(page, '/dashboard');

  // The leaderboard: every place is an ordinal.
  await page.goto('/leaderboard');
  const places = page.locator('[data-rank]');
  await expect(places.first()).toBeVisible(DATA);
  for (const place of await places.allInnerTexts()) expect(place).toMatch(/^\d+\.º$/);
  await saysNoRetiredWord(page, '/leaderboard');

  // The rounds list and the weekly page: "Quiniela de la semana", no "Semana 49".
  await page.goto('/picks-selector');
  await expect(page.getByRole('heading', { level: 1, name: 'Quinielas' })).toBeVisible(DATA);
  await expect(page.getByRole('listitem').first()).toBeVisible(DATA);
  await saysNoRetiredWord(page, '/picks-selector');
  await page.goto('/quinielazo-de-la-semana');
  await expect(page.getByRole('heading', { level: 1, name: 'Quiniela de la semana' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Partidos' })).toBeVisible(DATA);
  await saysNoRetiredWord(page, '/quinielazo-de-la-semana');

  // His picks screen: "Tus predicciones", "n de 12 guardadas", the deadline's date once.
  await page.goto('/picks?quiniela=current');
  await expect(page.getByRole('status', { name: 'Tus predicciones' })).toContainText(/\d+ de \d+ guardadas/, DATA);
  const roundName = await page.locator('#round-title').innerText();
  dateOnce(roundName, await page.getByText(/^Cierre: /).innerText());
  await saysNoRetiredWord(page, '/picks');

  // His history and a round's detail: "Tu predicción".
  await page.goto('/mis-quinielas');
  const played = page.getByRole('listitem').filter({ hasText: 'Cerró el' }).first();
  await expect(played).toBeVisible(DATA);
  await saysNoRetiredWord(page, '/mis-quinielas');
  await played.getByRole('button').click();
  await expect(page.getByRole('dialog')).toContainText('Tu predicción:', DATA);
  await saysNoRetiredWord(page, "a round's detail");
  await page.keyboard.press('Escape');

  // The liga: tabs "Mes", "Quiniela", "Boost"; its places ordinals; the open round's date once.
  await page.goto(`/ligas/${leagueId}`);
  await expect(page.getByRole('tablist', { name: 'Ver tabla por' }).getByRole('tab')).toHaveText(['Mes', 'Quiniela', 'Boost'], DATA);
  await expect(page.locator('[data-rank]').first()).toHaveText(/^\d+\.º$/, DATA);
  const round = page.getByRole('region', { name: /./ }).filter({ has: page.getByRole('heading', { name: 'Faltan por jugar' }) });
  if ((await round.count()) > 0) dateOnce(await round.getByRole('heading', { level: 2 }).innerText(), await round.getByText(/^Cierra el /).innerText());
  await saysNoRetiredWord(page, '/ligas/<id>');
  await page.getByRole('tab', { name: 'Quiniela' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Tabla de la quiniela' })).toBeVisible();
  await saysNoRetiredWord(page, "the liga's round");
  await page.goto('/ligas');
  await expect(page.getByRole('list', { name: 'Mis ligas' })).toContainText(/1\.º/, DATA);
  await saysNoRetiredWord(page, '/ligas');

  // The rules and the FAQ: the bonuses' names, the places of the prizes.
  await page.goto('/rules');
  await expect(page.getByRole('main')).toContainText('Partido especial');
  await expect(page.getByRole('main')).toContainText('1.º lugar');
  await saysNoRetiredWord(page, '/rules');
  await page.goto('/faq');
  await expect(page.getByRole('main')).toContainText(/1\.º \$/);
  await saysNoRetiredWord(page, '/faq');
});
