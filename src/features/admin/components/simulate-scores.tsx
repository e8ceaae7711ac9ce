import { useState } from 'react';
import { simulateRound, type SimulatedScore } from '../api/simulate-round';
import { scoreRoundNotice } from './notices';
import { RoundSelect } from './round-select';
import { AdminPage, buttonClass, Card, NoticeLine, secondaryButtonClass, type Notice } from './ui';
import { useRounds } from './use-rounds';

export function SimulateScores() {
  const { rounds, error } = useRounds();
  const [roundId, setRoundId] = useState('');
  const [rows, setRows] = useState<SimulatedScore[] | null>(null);
  const [busy, setBusy] = useState<'simulate' | 'score' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  async function simulate(id = roundId) {
    if (!id) return;
    setBusy('simulate');
    setNotice(null);
    try {
      setRows(await simulateRound(Number(id)));
    } catch (e) {
      console.error(e);
      setRows(null);
      setNotice({ kind: 'error', text: 'Error al calcular puntuaciones.' });
    } finally {
      setBusy(null);
    }
  }

  async function compute() {
    if (!roundId || !window.confirm('¿Guardar estas puntuaciones para todos los jugadores?')) return;
    setBusy('score');
    setNotice(null);
    setNotice(await scoreRoundNotice(Number(roundId)));
    setBusy(null);
  }

  return (
    <AdminPage title="Simular puntuaciones" description="Lo que sumaría cada jugador con los resultados capturados hasta ahora. No se guarda nada hasta que lo confirmes.">
      <Card>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <RoundSelect
              rounds={rounds}
              value={roundId}
              onChange={(id) => {
                setRoundId(id);
                setRows(null);
                void simulate(id);
              }}
            />
          </div>
          <button type="button" className={secondaryButtonClass} disabled={!roundId || busy !== null} onClick={() => void simulate()}>
            Actualizar simulación
          </button>
          <button type="button" className={buttonClass} disabled={!roundId || busy !== null} aria-busy={busy === 'score'} onClick={compute}>
            {busy === 'score' ? 'Calculando…' : 'Calcular y guardar puntuaciones'}
          </button>
        </div>
        <div className="mt-3">
          <NoticeLine notice={error ? { kind: 'error', text: error } : notice} />
        </div>
      </Card>
      {rows ? (
        <Card className="overflow-x-auto">
          {rows.length === 0 ? (
            <p className="text-sm text-slate-600">No hay resultados.</p>
          ) : (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Puntuación simulada por jugador</caption>
              <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
                <tr>
                  <th className="py-2 pr-3">#</th>
                  <th className="py-2 pr-3">Jugador</th>
                  <th className="py-2 pr-3">Aciertos</th>
                  <th className="py-2 pr-3">Puntos</th>
                  <th className="py-2">Bonos</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={r.userId} className="border-b border-slate-100 align-top">
                    <td className="py-2 pr-3 text-slate-500">{i + 1}</td>
                    <td className="py-2 pr-3 font-semibold">{r.username}</td>
                    <td className="py-2 pr-3">{r.correct}</td>
                    <td className="py-2 pr-3 font-bold text-brand-800">{r.points}</td>
                    <td className="py-2 text-xs text-slate-600">{r.bonusDetails.join(' · ') || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
      ) : null}
    </AdminPage>
  );
}
