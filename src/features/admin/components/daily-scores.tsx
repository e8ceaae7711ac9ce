// /admin/daily-scores: pick a Boost game, enter or correct its correct answer with the type's
// control, and process its scores (score_daily_game): how many answers were scored and how
// many were right; 'No encontramos ese Boost' and 'No pudimos leer las respuestas' (spec §8's messages in Spanish).
import { useState } from 'react';
import { CHOICES, isGameType, MAX_GOALS, normalizeAnswer } from '@/features/boost';
import { formatDeadline, formatCalendarDay } from '@/lib/time';
import { scoreDailyGame, setCorrectAnswer, type AdminDailyGame } from '../api/daily-games';
import { gameState, useDailyGames } from './daily-game-form';
import { AdminPage, buttonClass, Card, inputClass, NoticeLine, type Notice } from './ui';

function scoringError(error: unknown): string {
  const e = error as { code?: string; message?: string };
  if (e.code === 'P0002') return 'No encontramos ese Boost.';
  if (e.code === '22023' && e.message) return e.message;
  return `No pudimos leer las respuestas${e.message ? `: ${e.message}` : ''}`;
}

export function DailyScoresScreen() {
  const { games, error, reload } = useDailyGames();
  const [gameId, setGameId] = useState('');
  const game = games?.find((g) => String(g.id) === gameId) ?? null;
  return (
    <AdminPage title="Calificar juego diario (Boost)" description="Captura la respuesta correcta y procesa los puntos del juego.">
      <Card>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Juego
          <select className={inputClass} value={gameId} onChange={(e) => setGameId(e.target.value)} disabled={!games}>
            <option value="">{error ? 'No se pudieron cargar los juegos' : games ? 'Elige un juego' : 'Cargando…'}</option>
            {games?.map((g) => (
              <option key={g.id} value={g.id}>
                {formatCalendarDay(g.gameDate)} · {g.question} ({gameState(g)})
              </option>
            ))}
          </select>
        </label>
      </Card>
      {game && <ScoreGame key={game.id} game={game} onDone={reload} />}
    </AdminPage>
  );
}

function ScoreGame({ game, onDone }: { game: AdminDailyGame; onDone: () => void }) {
  const [answer, setAnswer] = useState(game.correctAnswer ?? '');
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const type = isGameType(game.type) ? game.type : 'yesno';
  const [home, away] = answer.split('-');

  async function process() {
    const normal = normalizeAnswer(type, answer);
    if (!normal) {
      setNotice({ kind: 'error', text: 'Elige la respuesta correcta.' });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      await setCorrectAnswer(game.id, normal);
    } catch (err) {
      setNotice({ kind: 'error', text: (err as { code?: string }).code === 'P0002' ? 'No encontramos ese Boost.' : `No se pudo guardar la respuesta: ${(err as Error).message}` });
      setBusy(false);
      return;
    }
    try {
      const result = await scoreDailyGame(game.id);
      setNotice({ kind: 'ok', text: `Puntos procesados: ${result.scored} respuestas calificadas, ${result.correct} correctas.` });
      onDone();
    } catch (err) {
      setNotice({ kind: 'error', text: scoringError(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card className="flex flex-col gap-4">
      <div>
        <h2 className="font-bold [overflow-wrap:anywhere]">{game.question}</h2>
        <p className="text-sm text-slate-600">
          {formatCalendarDay(game.gameDate)} · cierra {formatDeadline(game.lockDate)} · {game.points} pts · {game.answers} respuestas · {gameState(game)}
        </p>
        {game.scoredAt && (
          <p className="text-sm text-slate-600">
            Última calificación: {game.scored} respuestas, {game.correct} correctas.
          </p>
        )}
      </div>
      {type === 'exactscore' ? (
        <div className="flex items-end gap-3">
          {(['Goles local', 'Goles visita'] as const).map((label, side) => (
            <label key={label} className="flex flex-col gap-1 text-sm font-semibold">
              {label}
              <select
                className={inputClass}
                value={(side === 0 ? home : away) ?? ''}
                onChange={(e) => setAnswer(side === 0 ? `${e.target.value}-${away ?? 0}` : `${home ?? 0}-${e.target.value}`)}
              >
                <option value="">–</option>
                {Array.from({ length: MAX_GOALS + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      ) : (
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Respuesta correcta
          <select className={inputClass} value={answer} onChange={(e) => setAnswer(e.target.value)}>
            <option value="">Elige</option>
            {CHOICES[type].map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      )}
      <NoticeLine notice={notice} />
      <button type="button" className={buttonClass} disabled={busy} onClick={() => void process()}>
        {busy ? 'Procesando…' : 'Guardar respuesta y procesar puntos'}
      </button>
    </Card>
  );
}
