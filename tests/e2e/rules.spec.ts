// /rules shows the rules the database scores with: each row of the points table and the last
// round's column are what public.round_points answers for this month, and the tie example is
// what public.prize_share answers; the test asks the database itself, through the API.
import { expect, test } from '@playwright/test';
import { visitorClient } from '../support/e2e-api.ts';

test('the rules page shows the points, the last round\'s multiplied points and the tie split the database computes', async ({ page }) => {
  const api = visitorClient();
  // The Mexico City month the browser (timezoneId America/Mexico_City) is in, as the page uses.
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit' }).format(new Date());
  const monthStart = `${month}-01`;
  const table = await api.rpc('points_table_for', { month_input: monthStart });
  expect(table.error).toBeNull();
  const rows = await Promise.all(
    table.data!.filter((row) => row.points > 0).map(async (row) => {
      const plain = await api.rpc('round_points', { correct_input: row.correct, last_of_month_input: false, month_input: monthStart });
      const last = await api.rpc('round_points', { correct_input: row.correct, last_of_month_input: true, month_input: monthStart });
      return { correct: row.correct, plain: plain.data!, last: last.data! };
    }),
  );
  expect(rows.length).toBeGreaterThan(3);
  const share = await api.rpc('prize_share', { kind_input: 'monthly', place_input: 2, tied_input: 2, month_input: monthStart });

  await page.goto('/rules');
  const pointsTable = page.getByRole('table', { name: 'Puntos por número de aciertos' });
  await expect(pointsTable.getByRole('row')).toHaveCount(rows.length + 1);
  for (const row of rows) {
    await expect(pointsTable.getByRole('row', { name: new RegExp(`^${row.correct} de \\d+ ${row.plain} ${row.last}$`) })).toBeVisible();
  }
  const money = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(Number(share.data));
  await expect(page.locator('#empates')).toContainText(`${money} cada uno`);
});
