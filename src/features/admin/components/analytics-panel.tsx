import { useEffect, useState } from 'react';
import { getAnalytics, type Analytics } from '../api/get-analytics';
import { AnalyticsCharts } from './analytics-charts';
import { AdminPage, Card } from './ui';
import { rankText } from '@/lib/words';

export function AnalyticsPanel() {
  const [data, setData] = useState<Analytics | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    getAnalytics()
      .then(setData)
      .catch((e) => {
        // docs/product.md#messages: an analytics load failure is only logged.
        console.error(e);
        setFailed(true);
      });
  }, []);

  const stats = [
    { label: 'Usuarios activos', value: data?.activeUsers },
    { label: 'Usuarios totales', value: data?.totalSignups },
    { label: 'Nuevos referidos', value: data?.newReferrals },
  ];

  return (
    <AdminPage title="Analíticas" description="Últimos 30 días (hora del Centro).">
      <dl className="grid gap-3 sm:grid-cols-3">
        {stats.map((s) => (
          <Card key={s.label}>
            <dt className="text-sm font-semibold text-slate-600">{s.label}</dt>
            <dd className="mt-1 text-3xl font-extrabold text-brand-800">{s.value ?? (failed ? '—' : '…')}</dd>
          </Card>
        ))}
      </dl>
      {data && <AnalyticsCharts data={data} />}
      <Card>
        <h2 className="mb-2 text-lg font-bold">Quienes más refieren</h2>
        {data ? (
          data.referralTop.length === 0 ? (
            <p className="text-sm text-slate-600">Sin referencias</p>
          ) : (
            <ol className="flex flex-col gap-1 text-sm" aria-label="Quienes más refieren">
              {data.referralTop.map((r, i) => (
                <li key={r.username} className="flex justify-between border-b border-slate-100 py-1">
                  <span>
                    {rankText(i + 1)} {r.username}
                  </span>
                  <span className="font-bold">{r.count}</span>
                </li>
              ))}
            </ol>
          )
        ) : (
          <p className="text-sm text-slate-500">{failed ? '—' : 'Cargando…'}</p>
        )}
      </Card>
    </AdminPage>
  );
}
