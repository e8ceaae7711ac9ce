// The admin's 30 days as charts (issue 33): active players, sign-ups and referrals per day, and
// picks per round. Each chart is an image with its total and peak in words, and a table with
// every figure for screen readers.
import { BarChart } from '@/components/charts/bar-chart';
import type { Analytics } from '../api/get-analytics';
import { chartSummary, type ChartSeries } from '../chart-summary';
import { Card } from './ui';

interface Series extends ChartSeries {
  rows: Array<{ key: string; name: string; value: number }>;
  column: string;
}

function ChartCard(series: Series) {
  return (
    <Card>
      <h2 className="mb-2 text-lg font-bold">{series.title}</h2>
      <BarChart bars={series.rows.map((r) => ({ key: r.key, name: r.name, value: r.value }))} label={chartSummary(series)} height={120} />
      <table className="sr-only">
        <caption>{series.title}</caption>
        <thead>
          <tr>
            <th scope="col">{series.column}</th>
            <th scope="col">{series.unit[1]}</th>
          </tr>
        </thead>
        <tbody>
          {series.rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.name}</th>
              <td>{r.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** "27/11" */
const shortDay = (day: string) => `${Number(day.slice(8, 10))}/${Number(day.slice(5, 7))}`;

export function AnalyticsCharts({ data }: { data: Analytics }) {
  const perDay = (title: string, unit: Series['unit'], sum: Series['sum'], pick: (d: Analytics['days'][number]) => number): Series => ({
    title, unit, sum, column: 'Día', rows: data.days.map((d) => ({ key: d.day, name: shortDay(d.day), value: pick(d) })),
  });
  // grid-cols-1: one column of minmax(0, 1fr), so 31 bars never widen a phone's page (it was
  // 1,066 px wide at 390 on a walk, 2026-11-28).
  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      <ChartCard {...perDay('Jugadores activos por día', ['jugador', 'jugadores'], 'average', (d) => d.active)} />
      <ChartCard {...perDay('Registros por día', ['registro', 'registros'], 'total', (d) => d.signups)} />
      <ChartCard {...perDay('Referidos por día', ['referido', 'referidos'], 'total', (d) => d.referrals)} />
      <ChartCard title="Predicciones por quiniela" unit={['predicción', 'predicciones']} sum="total" column="Quiniela" rows={data.rounds.map((r, i) => ({ key: `${i}`, name: r.name, value: r.picks }))} />
    </div>
  );
}
