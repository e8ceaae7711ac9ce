import { useState } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { simulateRound, type SimulatedScore } from '../api/simulate-round';
import { scoreRoundNotice } from './notices';
import { RoundSelect } from './round-select';
import { AdminPage, buttonClass, Card, NoticeLine, secondaryButtonClass, TableCard, tableClasses, type Notice } from './ui';
import { useRounds } from './use-rounds';

export function SimulateScores() {
  const { rounds, error } = useRounds();
  const [roundId, setRoundId] = useState('');
  const [rows, setRows] = useState<SimulatedScore[] | null>(null);
  const [busy, setBusy] = useState<'simulate' | 'score' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const { ask, dialog: confirmDialog } = useConfirm();

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
    if (!roundId || !(await ask('¿Guardar estas puntuaciones para todos los jugadores?', 'Sí, guardar'))) return;
    setBusy('score');
    setNotice(null);
    setNotice(await scoreRoundNotice(Number(roundId)));
    setBusy(null);
  }

  return (
    <AdminPage title="Simular puntuaciones" description="Lo que sumaría cada jugador con los resultados capturados hasta ahora. No se guarda nada hasta que lo confirmes.">
      {confirmDialog}
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
        <TableCard label="Puntuación simulada">
          {rows.length === 0 ? (
            <p className="text-sm text-slate-600">No hay resultados.</p>
          ) : (
            <table className={tableClasses.table}>
              <caption className="sr-only">Puntuación simulada por jugador</caption>
              <thead className={tableClasses.head}>
                <tr>
                  <th className={tableClasses.th}>#</th>
                  <th className={tableClasses.th}>Jugador</th>
                  <th className={tableClasses.th}>Aciertos</th>
                  <th className={tableClasses.th}>Puntos</th>
                  <th className={tableClasses.th}>Bonos</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={r.userId} className={tableClasses.row}>
                    <td className={`${tableClasses.td} text-slate-500`}>{i + 1}</td>
                    <td className={`${tableClasses.td} font-semibold`}>{r.username}</td>
                    <td className={tableClasses.td}>{r.correct}</td>
                    <td className={`${tableClasses.td} font-bold text-brand-800`}>{r.points}</td>
                    <td className={`${tableClasses.td} text-xs text-slate-600`}>{r.bonusDetails.join(' · ') || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </TableCard>
      ) : null}
    </AdminPage>
  );
}
