import { useState } from 'react';
import { isVoid, pickCounts } from '@/lib/game/rounds';
import { formatDeadline } from '@/lib/time';
import { getPlayerPicks, type PlayerPicks } from '../api/get-player-picks';
import { AdminPage, buttonClass, Card, inputClass, NoticeLine, tableClasses, type Notice } from './ui';

export function PlayerPicksReview() {
  const [username, setUsername] = useState('');
  const [result, setResult] = useState<PlayerPicks | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  async function search(e: React.FormEvent) {
    e.preventDefault();
    if (!username.trim()) return;
    setBusy(true);
    setNotice(null);
    setResult(null);
    try {
      const found = await getPlayerPicks(username);
      if (!found) setNotice({ kind: 'error', text: 'Usuario no encontrado.' });
      setResult(found);
    } catch (error) {
      console.error(error);
      setNotice({ kind: 'error', text: 'Error obteniendo predicciones.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminPage title="Ver predicciones de un jugador" description="Las predicciones de un jugador en cada quiniela, incluidas las abiertas.">
      <Card>
        <form onSubmit={search} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <label className="flex flex-1 flex-col gap-1 text-sm font-semibold text-slate-700">
            Nombre de usuario
            <input className={inputClass} value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" />
          </label>
          <button type="submit" className={buttonClass} disabled={busy || !username.trim()} aria-busy={busy}>
            {busy ? 'Buscando…' : 'Ver predicciones'}
          </button>
        </form>
        <div className="mt-3">
          <NoticeLine notice={notice} />
        </div>
      </Card>
      {result ? (
        <section aria-label={`Predicciones de ${result.username}`} className="flex flex-col gap-4">
          <h2 className="text-lg font-bold">Predicciones de {result.username}</h2>
          {result.rounds.length === 0 ? <p className="text-sm text-slate-600">Este jugador aún no tiene predicciones.</p> : null}
          {result.rounds.map((round) => {
            // The game's one rule: a void match counts for the pick on it (pickCounts).
            const correct = round.picks.filter((p) => pickCounts(p.result, p)).length;
            return (
              <Card key={round.roundId}>
                <h3 className="font-bold">
                  {round.roundName} · Semana {round.week}
                </h3>
                <p className="mb-2 text-xs text-slate-500">
                  Cierre: {formatDeadline(round.deadline)} · {correct} aciertos
                </p>
                <table className={tableClasses.table}>
                  <thead className={tableClasses.head}>
                    <tr>
                      <th className={tableClasses.th}>#</th>
                      <th className={tableClasses.th}>Partido</th>
                      <th className={tableClasses.th}>Predicción</th>
                      <th className={tableClasses.th}>Resultado</th>
                    </tr>
                  </thead>
                  <tbody>
                    {round.picks.map((p) => (
                      <tr key={p.order} className={tableClasses.row}>
                        <td className={`${tableClasses.td} text-slate-500`}>{p.order}</td>
                        <td className={tableClasses.td}>
                          {p.home} vs {p.away}
                        </td>
                        <td className={`${tableClasses.td} font-semibold ${p.correctResult || isVoid(p) ? (pickCounts(p.result, p) ? 'text-brand-700' : 'text-red-700') : ''}`}>
                          {p.result}
                          {p.correctResult || isVoid(p) ? (pickCounts(p.result, p) ? ' ✓' : ' ✗') : ''}
                        </td>
                        <td className={`${tableClasses.td} text-slate-600`}>{p.correctResult ?? (isVoid(p) ? 'Anulado' : 'Pendiente')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </Card>
            );
          })}
        </section>
      ) : null}
    </AdminPage>
  );
}
