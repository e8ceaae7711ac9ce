// The picks screen for one round (/picks and /quinielazo-de-la-semana): header with the
// countdown, the match cards, the save bar with the state machine of docs/product.md#picks-screen, and each pick's
// delivery state from the offline drafts (docs/offline-picks.md).
import { lazy, Suspense, useEffect, useMemo, useReducer, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { PickDraft, PickResult } from '@/lib/db';
import { formatDeadline } from '@/lib/time';
import type { DetailMatch, RoundView } from '../api/get-round-detail';
import { mergePicks } from '../model/merge-picks';
import { canPick, initialMachine, MESSAGES, NOTICE_MS, picksReducer, saveGate, saveLabel, type Picks } from '../model/picks-machine';
import { MatchCard } from './match-card';
import { PICK_STATE_TEXT } from './pick-status';
import { RoundCountdown } from './round-countdown';
import { useBeforeDeadline } from '@/lib/use-before-deadline';
import { multiplierLabel, rulesFor } from '@/lib/game-rules';
import { useFreshWhenOnline } from '@/components/pwa/use-fresh-when-online';
import { savedCopyText } from '@/components/ui/saved-copy-note';

export interface PicksBoardProps {
  view: RoundView;
  userId: string | null;
  /** Set when the round came from the offline cache: when it was stored. */
  cachedAt: number | null;
  /** Told when the player's picks reached the server after 'Guardar' (the page may offer Pro). */
  onSaved?: () => void;
  /** The round's name is the page's heading (1) unless the page has its own (2). */
  titleLevel?: 1 | 2;
}

const NO_DRAFTS: PickDraft[] = [];
// Players only: a visitor's board never downloads the drafts and the outbox.
const offlineLayer = () => import('../offline');
// Closed rounds only; it shows nothing until its check is done anyway, so loading it later
// moves nothing on screen.
const SealedPicks = lazy(() => import('./sealed-picks').then((m) => ({ default: m.SealedPicks })));

export function PicksBoard({ view, userId, cachedAt, onSaved, titleLevel = 1 }: PicksBoardProps) {
  useFreshWhenOnline(cachedAt !== null);
  const Title = titleLevel === 1 ? 'h1' : 'h2';
  const { round, myPicks, votes } = view;
  const beforeDeadline = useBeforeDeadline(round.deadline);
  const open = beforeDeadline && !round.resultsSaved;
  const closed = !open;
  const signedIn = userId !== null;

  useEffect(() => {
    if (signedIn) void offlineLayer().then((offline) => offline.startOutboxRunner());
  }, [signedIn]);

  // The player's drafts of this round, live (null while they load); a visitor has none.
  const [drafts, setDrafts] = useState<PickDraft[] | null>(userId ? null : NO_DRAFTS);
  useEffect(() => {
    if (!userId) {
      setDrafts(NO_DRAFTS);
      return;
    }
    let stop = () => {};
    let unmounted = false;
    void offlineLayer().then((offline) => {
      if (!unmounted) stop = offline.watchDrafts(userId, round.id, setDrafts);
    });
    return () => {
      unmounted = true;
      stop();
    };
  }, [userId, round.id]);
  const matchIds = useMemo(() => round.matches.map((m) => m.id), [round.matches]);
  const shown = useMemo(() => mergePicks(matchIds, myPicks, drafts ?? NO_DRAFTS, open), [matchIds, myPicks, drafts, open]);
  const picks = useMemo(() => {
    const out: Picks = {};
    for (const [id, pick] of Object.entries(shown)) out[Number(id)] = pick.result;
    return out;
  }, [shown]);
  const hasPending = Object.values(shown).some((p) => p.state === 'pending');
  const hasRejected = Object.values(shown).some((p) => p.state === 'rejected');

  const [machine, dispatch] = useReducer(picksReducer, initialMachine);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (loaded || drafts === null) return;
    setLoaded(true);
    const saved: Picks = {};
    for (const [id, pick] of Object.entries(shown)) if (pick.state === 'saved') saved[Number(id)] = pick.result;
    dispatch({ type: 'loaded', saved, matchCount: matchIds.length, hasPending });
  }, [loaded, drafts, shown, matchIds.length, hasPending]);

  // A save made offline said its picks would go out with the signal; once none waits, say so.
  useEffect(() => {
    if (machine.notice?.kind === 'queued' && !hasPending) dispatch({ type: 'queue-drained', rejected: hasRejected });
  }, [machine.notice, hasPending, hasRejected]);

  useEffect(() => {
    if (!machine.notice || (machine.notice.kind !== 'success' && machine.notice.kind !== 'error')) return;
    const timer = setTimeout(() => dispatch({ type: 'notice-expired' }), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [machine.notice]);

  const [storageProblem, setStorageProblem] = useState<string | null>(null);
  const interactive = loaded && canPick(machine, signedIn, open);

  const onPick = (match: DetailMatch, result: PickResult, eventTime: number) => {
    if (!userId || !interactive) return;
    void offlineLayer().then(async (offline) => {
      const problem = await offline.savePickDraft({ userId, matchId: match.id, quinielaId: round.id, result, deadline: round.deadline });
      setStorageProblem(problem);
      if (problem) return;
      // For `npm run bench`: from the tap's event time to the draft being committed.
      performance.measure('pick-tap-to-idb', { start: eventTime });
      await offline.flushNow();
    }).catch(() => setStorageProblem('No se pudo guardar el pick en este teléfono. Inténtalo de nuevo.'));
  };

  const onSave = async () => {
    dispatch({ type: 'save-started' });
    const snapshot = picks;
    try {
      const report = await (await offlineLayer()).flushNow();
      if (!report) dispatch({ type: 'save-failed' });
      else if (report.rejected > 0) dispatch({ type: 'closed-refused' });
      else if (report.waiting > 0) dispatch(navigator.onLine ? { type: 'save-failed' } : { type: 'save-queued', picks: snapshot });
      else {
        dispatch({ type: 'save-succeeded', picks: snapshot });
        onSaved?.();
      }
    } catch {
      dispatch({ type: 'save-failed' });
    }
  };

  const gate = saveGate(machine, { signedIn, open, picks, matchCount: matchIds.length, hasPending });
  const pickedCount = Object.keys(picks).length;

  return (
    <section aria-labelledby="round-title" className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="bg-brand-800 px-4 py-4 text-white">
        <div className="flex flex-wrap items-center gap-2 text-xs font-semibold uppercase tracking-wide">
          <span className="text-brand-100">Semana {round.week}</span>
          <span className={`rounded-full px-2 py-0.5 ${open ? 'bg-brand-100 text-brand-900' : 'bg-slate-200 text-slate-800'}`}>{open ? 'Abierta' : 'Cerrada'}</span>
          {round.isLastOfMonth && <span className="rounded-full bg-gold-400 px-2 py-0.5 text-slate-900">Última del mes · {multiplierLabel(rulesFor(round.deadline))}</span>}
        </div>
        <Title id="round-title" className="mt-1 text-xl font-bold">
          {round.name}
        </Title>
        <p className="mt-1 text-sm text-brand-50">
          Cierre: <time dateTime={round.deadline}>{formatDeadline(round.deadline)}</time>
        </p>
        <div className="mt-2">
          <RoundCountdown deadline={round.deadline} />
        </div>
      </header>

      {cachedAt !== null && (
        <p role="status" className="bg-amber-50 px-4 py-2 text-xs text-amber-900">
          {savedCopyText(cachedAt, 'de esta quiniela')}
        </p>
      )}
      {hasRejected && (
        <p role="alert" className="bg-red-50 px-4 py-2 text-sm font-semibold text-red-800">
          {PICK_STATE_TEXT.rejected}. Tus cambios hechos después del cierre no cuentan.
        </p>
      )}
      {storageProblem && (
        <p role="alert" className="bg-red-50 px-4 py-2 text-sm text-red-800">
          {storageProblem}
        </p>
      )}

      {closed && userId && (
        <Suspense fallback={null}>
          <SealedPicks
            roundId={round.id}
            userId={userId}
            picksInOrder={round.matches.filter((m) => myPicks[m.id]).map((m) => ({ matchId: m.id, result: myPicks[m.id]!.result }))}
          />
        </Suspense>
      )}

      <h2 className="sr-only">Partidos</h2>
      <ol aria-label="Partidos" className="divide-y divide-slate-100">
        {round.matches.map((match) => (
          <MatchCard
            key={match.id}
            match={match}
            pick={shown[match.id]}
            interactive={interactive}
            closed={closed}
            votes={votes?.[match.id]}
            onPick={onPick}
          />
        ))}
      </ol>

      {signedIn && open && (
        <div className="sticky bottom-0 flex flex-col gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur">
          <p className="text-xs text-slate-500">
            {pickedCount} de {matchIds.length} partidos elegidos
          </p>
          {machine.mode === 'submitted' ? (
            <div className="grid grid-cols-2 gap-2">
              <Button disabled className="bg-slate-500">
                {saveLabel('submitted')}
              </Button>
              <Button onClick={() => dispatch({ type: 'edit' })} className="bg-gold-400 text-slate-900 hover:bg-amber-400">
                Editar Quiniela
              </Button>
            </div>
          ) : (
            <Button disabled={!gate.enabled} onClick={() => void onSave()} className="w-full">
              {machine.saving ? 'Guardando…' : saveLabel(machine.mode)}
            </Button>
          )}
          {gate.reason && machine.mode !== 'submitted' && <p className="text-xs text-slate-600">{gate.reason}</p>}
          {machine.notice && (
            <p
              role={machine.notice.kind === 'success' || machine.notice.kind === 'queued' ? 'status' : 'alert'}
              className={`rounded-lg px-3 py-2 text-sm font-semibold ${
                machine.notice.kind === 'success' ? 'bg-brand-50 text-brand-800' : machine.notice.kind === 'queued' ? 'bg-amber-50 text-amber-900' : 'bg-red-50 text-red-800'
              }`}
            >
              {machine.notice.text}
            </p>
          )}
        </div>
      )}
      {signedIn && !open && machine.notice && (
        <p role="alert" className="bg-red-50 px-4 py-3 text-sm font-semibold text-red-800">
          {machine.notice.text}
        </p>
      )}
      {!signedIn && (
        <div className="flex flex-col items-center gap-3 border-t border-slate-200 bg-brand-50 px-4 py-5 text-center">
          <p className="text-sm font-semibold text-brand-900">{MESSAGES.signedOut}</p>
          <p className="text-sm text-slate-700">Crea tu cuenta gratis, elige Local, Empate o Visita en cada partido y compite por premios cada mes.</p>
          <div className="flex gap-2">
            <a href="/signup" className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800">
              Crear cuenta gratis
            </a>
            <a href="/login" className="inline-flex min-h-11 items-center rounded-full border border-brand-700 px-5 text-sm font-semibold text-brand-800">
              Iniciar sesión
            </a>
          </div>
        </div>
      )}
    </section>
  );
}
