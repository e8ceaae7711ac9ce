// /admin/encuestas: create a poll (inactive until opened), open one (the others close), close
// it, and read its answers: votes per option and the text answers.
import { useEffect, useState, type FormEvent } from 'react';
import { useSending } from '@/lib/use-sending';
import { createPoll, getPollAnswers, listPolls, setPollActive, type AdminPoll, type PollAnswers, type PollKind } from '../api/polls';
import { AdminPage, buttonClass, Card, inputClass, NoticeLine, secondaryButtonClass, type Notice } from './ui';

const KINDS: Array<{ value: PollKind; label: string }> = [
  { value: 'choice', label: 'Opción múltiple' },
  { value: 'open', label: 'Respuesta abierta' },
  { value: 'mixed', label: 'Opciones y comentario' },
];

export function PollsPanel() {
  const [polls, setPolls] = useState<AdminPoll[] | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [question, setQuestion] = useState('');
  const [kind, setKind] = useState<PollKind>('choice');
  const [optionsText, setOptionsText] = useState('');
  const [allowText, setAllowText] = useState(false);
  const { sending: busy, send: once } = useSending();
  const [answers, setAnswers] = useState<{ id: number; data: PollAnswers } | null>(null);

  const reload = () =>
    listPolls().then(setPolls, () => {
      setPolls([]);
      setNotice({ kind: 'error', text: 'No pudimos cargar las encuestas.' });
    });
  useEffect(() => void reload(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const options = optionsText.split('\n').map((o) => o.trim()).filter(Boolean);
    if (!question.trim()) return setNotice({ kind: 'error', text: 'Escribe la pregunta.' });
    if (kind !== 'open' && options.length < 2) return setNotice({ kind: 'error', text: 'Escribe al menos dos opciones, una por línea.' });
    if (new Set(options).size !== options.length) return setNotice({ kind: 'error', text: 'Las opciones no se pueden repetir.' });
    await once(async () => {
      try {
        await createPoll({ question: question.trim(), kind, options: kind === 'open' ? [] : options, allowText: kind === 'choice' ? allowText : true });
        setNotice({ kind: 'ok', text: 'Encuesta creada. Ábrela para que los jugadores la vean.' });
        setQuestion('');
        setOptionsText('');
        setAllowText(false);
        await reload();
      } catch {
        setNotice({ kind: 'error', text: 'No se pudo crear la encuesta. Intenta de nuevo.' });
      }
    });
  }

  async function toggle(poll: AdminPoll) {
    await once(async () => {
      try {
        await setPollActive(poll.id, !poll.isActive);
        setNotice({ kind: 'ok', text: poll.isActive ? 'Encuesta cerrada.' : 'Encuesta abierta: es la que ven los jugadores.' });
        await reload();
      } catch {
        setNotice({ kind: 'error', text: 'No se pudo cambiar la encuesta. Intenta de nuevo.' });
      }
    });
  }

  async function showAnswers(poll: AdminPoll) {
    try {
      setAnswers({ id: poll.id, data: await getPollAnswers(poll.id) });
    } catch {
      setNotice({ kind: 'error', text: 'No pudimos cargar las respuestas.' });
    }
  }

  return (
    <AdminPage title="Encuestas" description="La encuesta abierta aparece en el panel de cada jugador; cada jugador vota una vez.">
      <NoticeLine notice={notice} />
      <Card>
        <form onSubmit={submit} className="grid gap-3 md:grid-cols-2" noValidate>
          <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700 md:col-span-2">
            Pregunta
            <input className={inputClass} value={question} maxLength={300} onChange={(e) => setQuestion(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
            Tipo
            <select className={inputClass} value={kind} onChange={(e) => setKind(e.target.value as PollKind)}>
              {KINDS.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </select>
          </label>
          {kind === 'choice' && (
            <label className="flex items-center gap-2 self-end text-sm font-semibold text-slate-700">
              <input type="checkbox" className="size-4 accent-brand-700" checked={allowText} onChange={(e) => setAllowText(e.target.checked)} />
              Permitir un comentario
            </label>
          )}
          {kind !== 'open' && (
            <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700 md:col-span-2">
              Opciones (una por línea)
              <textarea className={inputClass} rows={4} value={optionsText} onChange={(e) => setOptionsText(e.target.value)} />
            </label>
          )}
          <div className="md:col-span-2">
            <button type="submit" className={buttonClass} disabled={busy}>
              Crear encuesta
            </button>
          </div>
        </form>
      </Card>
      <Card>
        <h2 className="mb-3 text-lg font-bold">Encuestas recientes</h2>
        {polls === null ? (
          <p role="status" className="text-sm text-slate-600">
            Cargando…
          </p>
        ) : polls.length === 0 ? (
          <p className="text-sm text-slate-600">Aún no hay encuestas.</p>
        ) : (
          <ul aria-label="Encuestas" className="flex flex-col divide-y divide-slate-100">
            {polls.map((poll) => (
              <li key={poll.id} className="flex flex-col gap-2 py-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${poll.isActive ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-700'}`}>
                    {poll.isActive ? 'Abierta' : 'Cerrada'}
                  </span>
                  <span className="font-semibold [overflow-wrap:anywhere]">{poll.question}</span>
                  <span className="text-xs text-slate-500">
                    {KINDS.find((k) => k.value === poll.kind)?.label} · {poll.votes} {poll.votes === 1 ? 'voto' : 'votos'}
                  </span>
                </div>
                <div className="flex gap-2">
                  <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => void toggle(poll)}>
                    {poll.isActive ? 'Cerrar' : 'Abrir'}
                  </button>
                  <button type="button" className={secondaryButtonClass} onClick={() => void showAnswers(poll)}>
                    Ver respuestas
                  </button>
                </div>
                {answers?.id === poll.id && (
                  <div className="rounded-lg bg-slate-50 p-3 text-sm">
                    {answers.data.results.length > 0 && (
                      <ul aria-label="Votos por opción" className="mb-2">
                        {answers.data.results.map((r) => (
                          <li key={r.option}>
                            {r.option}: {r.votes} ({r.percent}%)
                          </li>
                        ))}
                      </ul>
                    )}
                    {answers.data.texts.length > 0 ? (
                      <ul aria-label="Respuestas escritas" className="list-disc pl-5">
                        {answers.data.texts.map((t, i) => (
                          <li key={i} className="[overflow-wrap:anywhere]">
                            {t}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <p className="text-slate-600">Sin respuestas escritas.</p>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </AdminPage>
  );
}
