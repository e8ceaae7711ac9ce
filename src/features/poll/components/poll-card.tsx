// The active poll on /dashboard: one vote per player (options disabled once he voted), then the
// results as percentages; a text answer with its counter where the poll takes one. Loads on its
// own, so a slow or failed poll never holds up the rest of the home.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/textarea-field';
import { cachedRead, isOfflineMiss, MAX_AGE } from '@/lib/cached-read';
import { useSending } from '@/lib/use-sending';
import { getActivePoll, type ActivePoll } from '../api/get-active-poll';
import { getPollResults, type PollResult } from '../api/get-poll-results';
import { votePoll } from '../api/vote-poll';
import { checkPollText, POLL_MESSAGES, remainingCharacters, takesOption, takesText } from '../poll-answer';

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'offline' } | { kind: 'none' } | { kind: 'ready'; poll: ActivePoll; results: PollResult[] | null };

export function PollCard({ userId }: { userId: string | null }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const fetchPoll = useCallback(async (): Promise<Load> => {
    try {
      // Through the read cache: offline the poll and its results show as last seen (issue 32).
      const { data } = await cachedRead('poll:active', userId, async () => {
        const poll = await getActivePoll(userId);
        return poll && { poll, results: poll.myVote ? await getPollResults(poll.id) : null };
      }, MAX_AGE.standings);
      return data ? { kind: 'ready', ...data } : { kind: 'none' };
    } catch (error) {
      // No signal and no copy on this phone: said as such, not as an error (issue 44, item 6).
      return isOfflineMiss(error) ? { kind: 'offline' } : { kind: 'failed' };
    }
  }, [userId]);

  useEffect(() => {
    let current = true;
    void fetchPoll().then((next) => current && setLoad(next));
    return () => {
      current = false;
    };
  }, [fetchPoll]);

  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="border-b border-slate-100 px-4 py-3">
        <h2 id={titleId} className="font-bold">
          Encuesta
        </h2>
      </header>
      {load.kind === 'loading' && (
        <div role="status" aria-label="Cargando la encuesta" className="flex min-h-40 flex-col gap-2 px-4 py-4">
          <span className="h-4 w-3/4 animate-pulse rounded bg-slate-100" />
          <span className="h-10 animate-pulse rounded-xl bg-slate-100" />
          <span className="h-10 animate-pulse rounded-xl bg-slate-100" />
        </div>
      )}
      {load.kind === 'failed' && <p className="px-4 py-6 text-center text-sm text-red-800">{POLL_MESSAGES.loadFailed}</p>}
      {load.kind === 'offline' && <p className="px-4 py-6 text-center text-sm text-slate-600">Sin conexión: la encuesta se verá cuando vuelva la señal.</p>}
      {load.kind === 'none' && <p className="px-4 py-6 text-center text-sm text-slate-600">No hay encuestas activas por ahora. ¡Vuelve pronto!</p>}
      {load.kind === 'ready' && (
        <PollBody
          poll={load.poll}
          results={load.results}
          userId={userId}
          onVoted={async () => setLoad(await fetchPoll())}
        />
      )}
    </section>
  );
}

function PollBody({ poll, results, userId, onVoted }: { poll: ActivePoll; results: PollResult[] | null; userId: string | null; onVoted: () => Promise<void> }) {
  const [option, setOption] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { sending, send } = useSending();
  const voted = poll.myVote !== null;
  const withOptions = takesOption(poll.kind);
  const withText = takesText(poll.kind, poll.allowText);
  const checked = checkPollText(text);
  const left = remainingCharacters(text);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!userId || voted) return;
    if (checked.error) return setError(checked.error);
    if (withOptions && !option) return setError('Elige una opción.');
    if (!withOptions && !checked.text) return setError('Escribe tu respuesta.');
    setError(null);
    await send(async () => {
      const outcome = await votePoll(poll.id, userId, withOptions ? option : null, withText ? checked.text : null);
      if (outcome.kind === 'failed') return setError(withOptions ? POLL_MESSAGES.voteFailed : POLL_MESSAGES.textFailed);
      if (outcome.kind === 'duplicate') setError(POLL_MESSAGES.duplicate);
      await onVoted();
    });
  }

  const chosen = poll.myVote?.option ?? option;
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 px-4 py-4" noValidate>
      <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{poll.question}</p>
      {withOptions && (
        <fieldset className="flex flex-col gap-2" disabled={!userId || voted || sending}>
          <legend className="sr-only">Opciones</legend>
          {poll.options.map((value) => {
            const result = results?.find((r) => r.option === value);
            return (
              <label
                key={value}
                className={`relative flex min-h-11 cursor-pointer items-center justify-between gap-3 overflow-hidden rounded-xl border-2 px-3 py-2 text-sm font-semibold ${
                  chosen === value ? 'border-brand-700' : 'border-slate-200'
                } ${voted ? 'cursor-default' : ''}`}
              >
                {result && <span aria-hidden="true" className="absolute inset-y-0 left-0 bg-brand-50" style={{ width: `${result.percent}%` }} />}
                <span className="relative flex items-center gap-2">
                  <input type="radio" name={`poll-${poll.id}`} value={value} checked={chosen === value} onChange={() => setOption(value)} className="size-4 accent-brand-700" />
                  {value}
                </span>
                {result && <span className="relative tabular-nums text-slate-700">{result.percent}%</span>}
              </label>
            );
          })}
        </fieldset>
      )}
      {withText && !voted && userId && (
        <TextareaField
          label={withOptions ? 'Tu comentario (opcional)' : 'Tu respuesta'}
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          hint={left >= 0 ? `Te quedan ${left} caracteres` : undefined}
          error={checked.error ?? undefined}
        />
      )}
      {voted && poll.myVote?.textAnswer && <p className="rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-700 [overflow-wrap:anywhere]">Tu respuesta: {poll.myVote.textAnswer}</p>}
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
      {!userId ? (
        <p className="text-sm text-slate-600">
          <AppLink to="/login" className="font-semibold text-brand-700 underline">
            {POLL_MESSAGES.signIn}
          </AppLink>
        </p>
      ) : voted ? (
        <p role="status" className="text-sm font-semibold text-brand-700">
          {POLL_MESSAGES.alreadyVoted}
        </p>
      ) : (
        <Button type="submit" disabled={sending} className="self-start">
          {sending ? 'Enviando…' : 'Votar'}
        </Button>
      )}
    </form>
  );
}
