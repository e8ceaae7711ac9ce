import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ADMIN_SCREENS } from './admin-layout';
import { scoreRoundNotice } from './notices';
import { RoundSelect } from './round-select';
import { AdminPage, buttonClass, Card, NoticeLine, type Notice } from './ui';
import { useRounds } from './use-rounds';

export function AdminHub() {
  return (
    <AdminPage title="Panel de administración" description="Todo lo que hace falta para correr el juego cada semana.">
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {ADMIN_SCREENS.map((s) => (
          <li key={s.to}>
            <Link to={s.to} className="block h-full rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-600 hover:shadow">
              <span className="font-bold text-brand-800">{s.label}</span>
              <span className="mt-1 block text-sm text-slate-600">{s.description}</span>
            </Link>
          </li>
        ))}
      </ul>
      <ScoreTool />
    </AdminPage>
  );
}

/** The hub's score calculation tool: score_round for a chosen round. */
function ScoreTool() {
  const { rounds, error } = useRounds();
  const [roundId, setRoundId] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  async function compute() {
    if (!roundId) return;
    setBusy(true);
    setNotice(null);
    setNotice(await scoreRoundNotice(Number(roundId)));
    setBusy(false);
  }

  return (
    <Card>
      <h2 className="text-lg font-bold">Calcular puntuaciones</h2>
      <p className="mb-3 text-sm text-slate-600">Calcula y guarda los puntos de todos los jugadores de una quiniela con sus resultados. Se puede repetir sin duplicar.</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <RoundSelect rounds={rounds} value={roundId} onChange={setRoundId} />
        </div>
        <button type="button" className={buttonClass} disabled={!roundId || busy} aria-busy={busy} onClick={compute}>
          {busy ? 'Calculando…' : 'Calcular puntuaciones'}
        </button>
      </div>
      <div className="mt-3">
        <NoticeLine notice={error ? { kind: 'error', text: error } : notice} />
      </div>
    </Card>
  );
}
