import { useEffect, useState } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { formatDeadline } from '@/lib/time';
import { finalizeRound } from '../api/finalize-round';
import { finalizeQuestion, getFinalizePreview } from '../api/get-finalize-preview';
import { FunctionAnswerError } from '../api/invoke-admin-function';
import { getRoundMatches, type AdminMatch } from '../api/get-round-matches';
import { saveMatchResult } from '../api/save-match-result';
import { parseResult, RESULT_HINT } from '../results';
import { FinalizeSteps, newFinalization, savedFinalization } from './finalize-steps';
import { FinalizeHold } from './finalize-hold';
import { RoundSelect } from './round-select';
import { AdminPage, buttonClass, Card, Crest, inputClass, NoticeLine, type Notice } from './ui';
import { useRounds } from './use-rounds';

type RowState = { text: string; saved: string; status: 'idle' | 'saving' | 'saved' | 'invalid' | 'error'; refusal?: string };

/** check_violation: the database's own refusal of a result, in Spanish (a finalized round keeps every result). */
const REFUSED_CODE = '23514';

export function EditResults() {
  const { rounds, error: roundsError, reload } = useRounds();
  const [roundId, setRoundId] = useState('');
  const [matches, setMatches] = useState<AdminMatch[] | null>(null);
  const [rows, setRows] = useState<Record<number, RowState>>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const { ask, dialog: confirmDialog } = useConfirm();
  const [finalizing, setFinalizing] = useState(false);
  const [runId, setRunId] = useState<string | null>(null);
  const round = rounds?.find((r) => String(r.id) === roundId) ?? null;

  useEffect(() => {
    setMatches(null);
    setNotice(null);
    setLoadError(null);
    setRunId(roundId ? savedFinalization(Number(roundId)) : null);
    if (!roundId) return;
    let current = true;
    getRoundMatches(Number(roundId))
      .then((ms) => {
        if (!current) return;
        setMatches(ms);
        setRows(Object.fromEntries(ms.map((m) => [m.id, { text: m.correctResult ?? '', saved: m.correctResult ?? '', status: 'idle' }])));
      })
      .catch((e) => {
        console.error(e);
        if (current) setLoadError('Error cargando detalles de quinielas.');
      });
    return () => {
      current = false;
    };
  }, [roundId]);

  const setRow = (id: number, patch: Partial<RowState>) => setRows((rs) => ({ ...rs, [id]: { ...rs[id], ...patch } }));

  /** Saves one field when it loses focus; true when the stored value matches the field. */
  async function saveRow(match: AdminMatch): Promise<boolean> {
    const row = rows[match.id];
    const parsed = parseResult(row.text);
    if (parsed === undefined) {
      setRow(match.id, { status: 'invalid' });
      return false;
    }
    if ((parsed ?? '') === row.saved) {
      setRow(match.id, { text: parsed ?? '', status: row.status === 'invalid' ? 'idle' : row.status });
      return true;
    }
    setRow(match.id, { text: parsed ?? '', status: 'saving', refusal: undefined });
    try {
      await saveMatchResult(match.id, parsed);
      setRow(match.id, { text: parsed ?? '', saved: parsed ?? '', status: 'saved' });
      return true;
    } catch (e) {
      console.error(e);
      const refused = e as { code?: string; message?: string };
      setRow(match.id, { status: 'error', refusal: refused.code === REFUSED_CODE ? refused.message : undefined });
      return false;
    }
  }

  async function finalize() {
    if (!matches || !round) return;
    setNotice(null);
    const invalid = matches.filter((m) => parseResult(rows[m.id].text) === undefined);
    if (invalid.length > 0) {
      for (const m of invalid) setRow(m.id, { status: 'invalid' });
      setNotice({ kind: 'error', text: `${RESULT_HINT} Revisa el partido ${invalid.map((m) => m.order).join(', ')}.` });
      return;
    }
    // A void match needs no result (it counts as right for its picks); one typed for it counts instead.
    const complete = matches.every((m) => parseResult(rows[m.id].text) || m.voidedAt);
    let question = 'Esta quiniela aún no tiene todos los resultados. ¿Deseas guardar los cambios parciales?';
    if (complete) {
      // What finalizing will do, read now; before the deadline the database refuses it anyway.
      let preview;
      try {
        preview = await getFinalizePreview(round.id);
      } catch (e) {
        console.error(e);
        setNotice({ kind: 'error', text: 'No pudimos leer la quiniela. Intenta de nuevo.' });
        return;
      }
      if (preview.open) {
        setNotice({ kind: 'error', text: `Esta quiniela aún no cierra: se puede finalizar después de su cierre, ${formatDeadline(preview.closes)}.` });
        return;
      }
      question = finalizeQuestion(preview);
    }
    if (!(await ask(question, complete ? 'Sí, finalizar' : 'Sí, guardar'))) return;
    setFinalizing(true);
    try {
      const saved = await Promise.all(matches.map((m) => saveRow(m)));
      if (saved.includes(false)) throw new Error('some results were not saved');
      if (complete) {
        // The steps show below as they happen (finalize-steps.tsx).
        const run = newFinalization(round.id);
        setRunId(run);
        await finalizeRound(round.id, run);
        setNotice({ kind: 'ok', text: 'Resultados finalizados' });
        reload();
      } else {
        setNotice({ kind: 'ok', text: 'Resultados guardados parcialmente' });
      }
    } catch (e) {
      console.error(e);
      // A step the database refused says why in its own words (a missing result, a broken seal).
      setNotice({ kind: 'error', text: e instanceof FunctionAnswerError ? `No se pudo finalizar: ${e.message}` : 'Error al guardar los resultados. Intenta de nuevo.' });
    } finally {
      setFinalizing(false);
    }
  }

  const captured = matches ? matches.filter((m) => parseResult(rows[m.id]?.text ?? '') || m.voidedAt).length : 0;

  return (
    <AdminPage title="Capturar resultados" description="Cada resultado se guarda al salir del campo. Escribe Local, Empate o Visita (o L, E, V).">
      {confirmDialog}
      <Card>
        <RoundSelect rounds={rounds} value={roundId} onChange={setRoundId} />
        {round ? (
          <p className="mt-2 text-sm text-slate-600">
            Cierre: {formatDeadline(round.deadline)} · {round.resultsSaved ? 'Finalizada: una corrección vuelve a calcular los puntos.' : 'Sin finalizar'}
          </p>
        ) : null}
        <div className="mt-2">
          <NoticeLine notice={roundsError ? { kind: 'error', text: roundsError } : loadError ? { kind: 'error', text: loadError } : null} />
        </div>
      </Card>

      {matches ? (
        <Card>
          {matches.length === 0 ? <p className="text-sm text-slate-600">No hay partidos disponibles</p> : null}
          <ol className="divide-y divide-slate-100" aria-label="Resultados">
            {matches.map((m) => {
              const row = rows[m.id];
              const hintId = `result-hint-${m.id}`;
              return (
                <li key={m.id} className="grid items-center gap-2 py-2 md:grid-cols-[2rem_1fr_12rem_7rem]">
                  <span className="text-sm font-bold text-slate-500">{m.order}</span>
                  <span className="flex flex-wrap items-center gap-2 text-sm font-semibold">
                    <Crest src={m.homeLogo} name={m.home} /> {m.home} <span className="text-xs text-slate-500">vs</span> <Crest src={m.awayLogo} name={m.away} /> {m.away}
                  </span>
                  <input
                    className={`${inputClass} ${row.status === 'invalid' ? 'border-red-500' : ''}`}
                    aria-label={`Resultado de ${m.home} vs ${m.away}`}
                    aria-invalid={row.status === 'invalid'}
                    aria-describedby={hintId}
                    list="result-options"
                    value={row.text}
                    placeholder="Local / Empate / Visita"
                    onChange={(e) => setRow(m.id, { text: e.target.value, status: row.status === 'invalid' ? 'idle' : row.status })}
                    onBlur={() => void saveRow(m)}
                  />
                  <span id={hintId} className={`text-xs font-medium ${row.status === 'invalid' || row.status === 'error' ? 'text-red-700' : 'text-slate-500'}`} aria-live="polite">
                    {row.status === 'invalid' ? RESULT_HINT : row.status === 'error' ? (row.refusal ?? 'Error al guardar') : row.status === 'saving' ? 'Guardando…' : row.status === 'saved' ? 'Guardado ✓' : ''}
                  </span>
                  {m.voidedAt && (
                    <p className="text-xs font-semibold text-amber-800 md:col-start-2 md:col-end-5">
                      {row.saved
                        ? 'Estaba anulado (aplazado, suspendido o abandonado y sin terminar en 48 horas); cuenta el resultado capturado.'
                        : 'Anulado: aplazado, suspendido o abandonado y sin terminar en 48 horas. Cuenta como acierto para quien lo pronosticó. Si se jugó, escribe su resultado.'}
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
          <datalist id="result-options">
            <option value="Local" />
            <option value="Empate" />
            <option value="Visita" />
          </datalist>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
            <button type="button" className={buttonClass} onClick={finalize} disabled={finalizing || matches.length === 0} aria-busy={finalizing}>
              {finalizing ? 'Guardando…' : 'Guardar resultados finales'}
            </button>
            <span className="text-sm text-slate-600">
              {captured} de {matches.length} resultados capturados{matches.some((m) => m.voidedAt && !rows[m.id]?.saved) ? ' (los anulados cuentan)' : ''}
            </span>
          </div>
          {round && !round.resultsSaved && <FinalizeHold key={round.id} roundId={round.id} />}
          <div className="mt-3">
            <NoticeLine notice={notice} />
          </div>
          {runId && <FinalizeSteps key={runId} runId={runId} following={finalizing} />}
        </Card>
      ) : null}
    </AdminPage>
  );
}
