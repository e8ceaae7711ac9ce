// /admin/daily-game: create a Boost game (spec §2, §4, §5) and see the recent ones with their
// state. Choosing a type resets the 'about teams' toggle to no.
import { useEffect, useState, type FormEvent } from 'react';
import { GAME_TYPES, type GameType } from '@/features/boost';
import { listClubs, type Club } from '@/lib/clubs';
import { formatDeadline, formatCalendarDay, gameDay } from '@/lib/time';
import { useSending } from '@/lib/use-sending';
import { createDailyGame, listDailyGames, type AdminDailyGame } from '../api/daily-games';
import { parseDailyGameForm, type DailyGameForm } from '../daily-game-input';
import { ClubPicker } from './club-picker';
import { AdminPage, buttonClass, Card, inputClass, NoticeLine, TableCard, tableClasses, type Notice } from './ui';

/** The database's refusal in the admin's words: its own checks answer in Spanish (22023, 42501);
 * PostgreSQL's data errors (a number or a date out of range) answer in English, so they are named here. */
function createFailure(err: unknown): string {
  const { code, message } = (err ?? {}) as { code?: string; message?: string };
  if ((code === '22023' || code === '42501') && message) return `No se pudo crear el juego: ${message}`;
  if (code?.startsWith('22')) return 'No se pudo crear el juego: revisa la fecha y los puntos.';
  return 'No se pudo crear el juego. Intenta de nuevo.';
}

const EMPTY: DailyGameForm = { gameDate: '', type: 'match', question: '', points: '1', aboutTeams: false, homeId: null, awayId: null, imageUrl: '' };

export function gameState(game: Pick<AdminDailyGame, 'lockDate' | 'correctAnswer' | 'scoredAt'>, now = Date.now()): string {
  if (new Date(game.lockDate).getTime() > now) return 'Abierto';
  if (!game.correctAnswer) return 'Cerrado, sin respuesta';
  return game.scoredAt ? 'Calificado' : 'Por calificar';
}

export function useDailyGames(): { games: AdminDailyGame[] | null; error: boolean; reload: () => void } {
  const [games, setGames] = useState<AdminDailyGame[] | null>(null);
  const [error, setError] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    listDailyGames(50).then(
      (g) => {
        setGames(g);
        setError(false);
      },
      () => setError(true),
    );
  }, [tick]);
  return { games, error, reload: () => setTick((t) => t + 1) };
}

export function DailyGameScreen() {
  const [form, setForm] = useState<DailyGameForm>(EMPTY);
  const [clubs, setClubs] = useState<Club[]>([]);
  const [notice, setNotice] = useState<Notice>(null);
  const { sending: busy, send: once } = useSending();
  const { games, error, reload } = useDailyGames();
  useEffect(() => {
    listClubs().then(setClubs, () => setNotice({ kind: 'error', text: 'No se pudieron cargar los equipos.' }));
  }, []);
  const versus = form.type === 'match' || form.type === 'exactscore';
  const set = (patch: Partial<DailyGameForm>) => setForm((f) => ({ ...f, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseDailyGameForm(form, gameDay());
    if (!parsed.ok) {
      setNotice({ kind: 'error', text: parsed.error });
      return;
    }
    await once(async () => {
      try {
        await createDailyGame(parsed.row);
        setNotice({ kind: 'ok', text: '¡Boost creado!' });
        setForm({ ...EMPTY, type: form.type });
        reload();
      } catch (err) {
        console.error('Error creating daily game', err);
        setNotice({ kind: 'error', text: createFailure(err) });
      }
    });
  }

  return (
    <AdminPage title="Crear juego diario (Boost)" description="Cierra a las 23:59 (hora del Centro) del día del juego.">
      <Card>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 md:grid-cols-2">
          <label className="flex flex-col gap-1 text-sm font-semibold">
            Fecha del juego
            <input type="date" className={inputClass} value={form.gameDate} onChange={(e) => set({ gameDate: e.target.value })} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            Tipo de juego
            <select className={inputClass} value={form.type} onChange={(e) => set({ type: e.target.value as GameType, aboutTeams: false })}>
              {GAME_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold md:col-span-2">
            Pregunta
            <input className={inputClass} value={form.question} onChange={(e) => set({ question: e.target.value })} placeholder="¿Quién gana el clásico?" />
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            Puntos
            <input inputMode="numeric" className={inputClass} value={form.points} onChange={(e) => set({ points: e.target.value })} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            URL de imagen (opcional)
            <input type="url" className={inputClass} value={form.imageUrl} onChange={(e) => set({ imageUrl: e.target.value })} />
          </label>
          {!versus && (
            <label className="flex items-center gap-2 text-sm font-semibold md:col-span-2">
              <input type="checkbox" checked={form.aboutTeams} onChange={(e) => set({ aboutTeams: e.target.checked })} />
              ¿Es sobre dos equipos?
            </label>
          )}
          {(versus || form.aboutTeams) && (
            <>
              <ClubPicker label={versus ? 'Equipo local' : 'Equipo 1'} clubs={clubs} value={form.homeId} onChange={(id) => set({ homeId: id })} />
              <ClubPicker label={versus ? 'Equipo visitante' : 'Equipo 2'} clubs={clubs} value={form.awayId} onChange={(id) => set({ awayId: id })} />
            </>
          )}
          <div className="flex flex-col gap-3 md:col-span-2">
            <NoticeLine notice={notice} />
            <button type="submit" className={buttonClass} disabled={busy}>
              {busy ? 'Creando…' : 'Crear juego'}
            </button>
          </div>
        </form>
      </Card>
      <TableCard label="Juegos recientes">
        <h2 className="mb-3 font-bold">Juegos recientes</h2>
        {error ? (
          <p className="text-sm text-red-700">No se pudieron cargar los juegos.</p>
        ) : !games ? (
          <p className="text-sm text-slate-500">Cargando…</p>
        ) : (
          <table className={tableClasses.table}>
            <thead className={tableClasses.head}>
              <tr>
                <th className={tableClasses.th}>Fecha</th>
                <th className={tableClasses.th}>Pregunta</th>
                <th className={tableClasses.th}>Tipo</th>
                <th className={tableClasses.th}>Puntos</th>
                <th className={tableClasses.th}>Respuestas</th>
                <th className={tableClasses.th}>Estado</th>
              </tr>
            </thead>
            <tbody>
              {games.map((g) => (
                <tr key={g.id} className={tableClasses.row}>
                  <td className={`${tableClasses.td} whitespace-nowrap`}>{formatCalendarDay(g.gameDate)}</td>
                  <td className={`${tableClasses.td} min-w-48 [overflow-wrap:anywhere]`}>{g.question}</td>
                  <td className={`${tableClasses.td} whitespace-nowrap`}>{GAME_TYPES.find((t) => t.value === g.type)?.label ?? g.type}</td>
                  <td className={`${tableClasses.td} tabular-nums`}>{g.points}</td>
                  <td className={`${tableClasses.td} tabular-nums`}>{g.answers}</td>
                  <td className={`${tableClasses.td} whitespace-nowrap`} title={`Cierra ${formatDeadline(g.lockDate)}`}>
                    {gameState(g)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </TableCard>
    </AdminPage>
  );
}
