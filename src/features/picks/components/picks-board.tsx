// The picks screen for one round (/picks and /quinielazo-de-la-semana): header with the
// countdown, the match cards (each tap saved), the status bar of the one save model
// (docs/decisions/picks.md, "One save model on the picks screen"), and each pick's delivery state
// from the offline drafts (docs/offline-picks.md).
import { useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { PickDraft, PickResult } from '@/lib/db';
import { formatDeadlineBeside } from '@/lib/time';
import type { DetailMatch, RoundView } from '../api/get-round-detail';
import { mergePicks } from '../model/merge-picks';
import { allSaved, lateLine, MESSAGES, NOTICE_MS, saveCounts, statusLine } from '../model/picks-machine';
import { MatchCard } from './match-card';
import { RoundCountdown } from './round-countdown';
import { useBeforeDeadline } from '@/lib/use-before-deadline';
import { multiplierLabel, rulesFor } from '@/lib/game/game-rules';
import { useFreshWhenOnline } from '@/components/pwa/use-fresh-when-online';
import { savedCopyText } from '@/components/ui/saved-copy-note';
import { useBelowTheFold } from '@/components/ui/render-in-slices';
import { useLiveScores } from '../api/live-scores';
import { CorrectionLog } from './correction-log';
import { IfItEnded } from './live-parts';
import { ifItEndedNow, withVoids } from '../model/live';

export interface PicksBoardProps {
  view: RoundView;
  userId: string | null;
  /** Set when the round came from the offline cache: when it was stored. */
  cachedAt: number | null;
  /** Told when the last pick of a complete set reached the server after a tap (the page may offer Pro). */
  onSaved?: () => void;
  /** The round's name is the page's heading (1) unless the page has its own (2). */
  titleLevel?: 1 | 2;
}

const NO_DRAFTS: PickDraft[] = [];
/** The match cards a phone shows under the round's header: the board's first commit has these,
 * the others come a task later (useBelowTheFold), each in a slot of an open card's height
 * meanwhile. The browser's layout of the whole board was the page's longest task. */
const FIRST_SCREEN_MATCHES = 4;
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
  // The last flush tried with signal and failed: what waits is "sin enviar", not just waiting.
  const [sendFailing, setSendFailing] = useState(false);
  useEffect(() => {
    if (!signedIn) return;
    let stop = () => {};
    let unmounted = false;
    void offlineLayer().then((offline) => {
      if (!unmounted) stop = offline.onFlush((report) => setSendFailing(report.retryReason !== null && navigator.onLine));
    });
    return () => {
      unmounted = true;
      stop();
    };
  }, [signedIn]);
  const counts = saveCounts(shown, matchIds.length, sendFailing);
  // A refusal means the round closed by the server's clock: read it again, so the screen shows it
  // closed and the pick that counts (the server's, which this view may predate).
  const router = useRouter();
  useEffect(() => {
    if (counts.late > 0) void router.invalidate();
  }, [counts.late, router]);
  const complete = allSaved(counts);

  // 'Tus predicciones se guardaron correctamente.' when the last pick of a complete set lands
  // after a tap here (not on opening a set saved earlier); then the page may offer Pro.
  const [tapped, setTapped] = useState(false);
  const [notice, setNotice] = useState(false);
  const [wasComplete, setWasComplete] = useState(complete);
  if (complete !== wasComplete) {
    setWasComplete(complete);
    if (complete && tapped) setNotice(true);
  }
  useEffect(() => {
    if (!notice) return;
    onSaved?.();
    const timer = setTimeout(() => setNotice(false), NOTICE_MS);
    return () => clearTimeout(timer);
    // onSaved is the page's; told once per message.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [notice]);

  const [storageProblem, setStorageProblem] = useState<string | null>(null);
  const interactive = drafts !== null && signedIn && open;

  const onPick = (match: DetailMatch, result: PickResult, eventTime: number) => {
    if (!userId || !interactive) return;
    setTapped(true);
    setNotice(false);
    void offlineLayer().then(async (offline) => {
      const problem = await offline.savePickDraft({ userId, matchId: match.id, quinielaId: round.id, result, deadline: round.deadline });
      setStorageProblem(problem);
      if (problem) return;
      // For `npm run bench`: from the tap's event time to the draft being committed.
      performance.measure('pick-tap-to-idb', { start: eventTime });
      await offline.flushNow();
    }).catch(() => setStorageProblem('No se pudo guardar la predicción en este teléfono. Inténtalo de nuevo.'));
  };
  const lockedReasonId = `picks-locked-${round.id}`;
  const restShown = useBelowTheFold();

  // The score as it happens, on a closed round not yet finalized (docs/match-day.md).
  const live = useLiveScores(round.id, closed && !round.resultsSaved);
  const hasLive = Object.keys(live.byMatch).length > 0;
  // A match made void while the page is open counts from the round's message on.
  const matches = useMemo(() => withVoids(round.matches, live.voidedAt, live.results), [round.matches, live.voidedAt, live.results]);
  const ifEnded = useMemo(() => {
    if (!hasLive || !signedIn) return null;
    const picks = Object.fromEntries(matches.map((m) => [m.id, myPicks[m.id]?.result ?? null]));
    return ifItEndedNow(matches, picks, live.byMatch, live.standings, rulesFor(round.deadline), round.isLastOfMonth);
  }, [hasLive, signedIn, round, matches, myPicks, live.byMatch, live.standings]);

  return (
    // No overflow-hidden here: it would hold the sticky status bar below the last match (issue 44,
    // item 9); the header and the footer round their own corners instead.
    <section aria-labelledby="round-title" className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="rounded-t-2xl bg-brand-800 px-4 py-4 text-white">
        <div className="flex flex-wrap items-center gap-2 text-xs font-semibold uppercase tracking-wide">
          <span className={`rounded-full px-2 py-0.5 ${open ? 'bg-brand-100 text-brand-900' : 'bg-slate-200 text-slate-800'}`}>{open ? 'Abierta' : 'Cerrada'}</span>
          {round.isLastOfMonth && <span className="rounded-full bg-gold-400 px-2 py-0.5 text-slate-900">Última del mes · {multiplierLabel(rulesFor(round.deadline))}</span>}
        </div>
        <Title id="round-title" className="mt-1 text-xl font-bold">
          {round.name}
        </Title>
        <p className="mt-1 text-sm text-brand-50">
          Cierre: <time dateTime={round.deadline}>{formatDeadlineBeside(round.name, round.deadline)}</time>
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
      {counts.late > 0 && (
        <p role="alert" className="bg-red-50 px-4 py-2 text-sm font-semibold text-red-800">
          {lateLine(counts.late)}
        </p>
      )}
      {signedIn && closed && (
        <p id={lockedReasonId} className="bg-slate-100 px-4 py-2 text-sm text-slate-700">
          🔒 {MESSAGES.closed}
        </p>
      )}
      {hasLive && <IfItEnded ifEnded={ifEnded} paused={live.paused} />}
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
        {matches.map((match, i) => !restShown && i >= FIRST_SCREEN_MATCHES ? (
          <li key={match.id} aria-hidden="true" className="h-[169px]" />
        ) : (
          <MatchCard
            key={match.id}
            match={match}
            pick={shown[match.id]}
            interactive={interactive}
            closed={closed}
            votes={votes?.[match.id]}
            live={live.byMatch[match.id]}
            livePaused={live.paused}
            onPick={onPick}
            lockedReasonId={lockedReasonId}
          />
        ))}
      </ol>

      {closed && <CorrectionLog roundId={round.id} matches={round.matches} myPicks={myPicks} />}

      {signedIn && open && (
        <div className="sticky bottom-0 z-10 flex flex-col gap-2 rounded-b-2xl border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)]">
          <p role="status" aria-label="Tus predicciones" className={`text-sm font-semibold ${complete ? 'text-brand-800' : counts.failed > 0 ? 'text-red-800' : 'text-slate-800'}`}>
            {complete && '✓ '}
            {statusLine(counts)}
          </p>
          {counts.saved + counts.pending + counts.failed === 0 && <p className="text-xs text-slate-600">{MESSAGES.firstTap}</p>}
          {notice && (
            <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-800">
              {MESSAGES.saved}
            </p>
          )}
        </div>
      )}
      {!signedIn && (
        <div className="flex flex-col items-center gap-3 rounded-b-2xl border-t border-slate-200 bg-brand-50 px-4 py-5 text-center">
          <p id={lockedReasonId} className="text-sm font-semibold text-brand-900">{MESSAGES.signedOut}</p>
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
