// The history's detail modal: the player's pick against the result on every match of a
// scored round, the special and underdog markers, and each bonus line.
import { formatPoints } from '@/lib/plural';
import { useEffect, useState } from 'react';
import { ClubCrest } from '@/components/ui/club-crest';
import { Dialog } from '@/components/ui/dialog';
import { LoadingState } from '@/components/ui/loading-state';
import { expiredCopyText, SavedCopyNote } from '@/components/ui/saved-copy-note';
import { cachedRead, expiredCopyTime, MAX_AGE } from '@/lib/cached-read';
import { isVoid, pickCounts, type MatchSide } from '@/lib/game/rounds';
import { getRoundDetail, type RoundDetailMatch } from '../api/get-round-detail';
import type { RoundScore } from '../api/get-user-scores-by-month';
import { BonusLines } from './bonus-lines';
import { MatchMarkers } from './match-markers';

type Detail =
  | { status: 'loading' }
  | { status: 'error'; expiredCopyAt: number | null }
  | { status: 'ready'; matches: RoundDetailMatch[]; cachedAt: number | null };

const DETAIL_COPY = 'de esta quiniela';

const SIDE_LABEL: Record<MatchSide, string> = { Local: 'Local', Empate: 'Empate', Visita: 'Visita' };

export function RoundDetailDialog({ round, userId, onClose }: { round: RoundScore | null; userId: string; onClose: () => void }) {
  const [detail, setDetail] = useState<Detail>({ status: 'loading' });
  const roundId = round?.roundId;

  useEffect(() => {
    if (roundId === undefined) return;
    let active = true;
    setDetail({ status: 'loading' });
    cachedRead(`standings:round:${roundId}`, userId, () => getRoundDetail(roundId, userId), MAX_AGE.history)
      .then(({ data: matches, cachedAt }) => active && setDetail({ status: 'ready', matches, cachedAt }))
      .catch((error: unknown) => {
        console.error('Error loading quiniela details', error);
        if (active) setDetail({ status: 'error', expiredCopyAt: expiredCopyTime(error) });
      });
    return () => {
      active = false;
    };
  }, [roundId, userId]);

  return (
    <Dialog
      open={round !== null}
      onClose={onClose}
      title={round?.roundName ?? ''}
      subtitle={round && `${round.correct}/${round.total || 12} aciertos · ${formatPoints(round.points)}`}
    >
      {detail.status === 'loading' && (
        <LoadingState label="Cargando detalle…" className="flex flex-col gap-2">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="h-12 animate-pulse rounded-xl bg-slate-100" />
          ))}
        </LoadingState>
      )}
      {detail.status === 'error' && (
        <p role="alert" className="py-6 text-center text-sm text-red-700">
          {detail.expiredCopyAt === null ? 'No pudimos cargar la quiniela.' : expiredCopyText(detail.expiredCopyAt, DETAIL_COPY)}
        </p>
      )}
      {detail.status === 'ready' && round && (
        <div className="flex flex-col gap-4">
          {detail.cachedAt !== null && <SavedCopyNote storedAt={detail.cachedAt} what={DETAIL_COPY} />}
          <ol aria-label="Partidos" className="flex flex-col divide-y divide-slate-100">
            {detail.matches.map((match) => (
              <MatchResult key={match.id} match={match} />
            ))}
          </ol>
          {round.bonusDetails.length > 0 && (
            <section aria-label="Bonos de la quiniela" className="rounded-xl bg-brand-50 px-3 py-2.5 ring-1 ring-brand-100">
              <h3 className="text-sm font-semibold">Bonos</h3>
              <BonusLines lines={round.bonusDetails} />
            </section>
          )}
        </div>
      )}
    </Dialog>
  );
}

function MatchResult({ match }: { match: RoundDetailMatch }) {
  // A void match counts as right for whoever picked it (pickCounts).
  const hit = pickCounts(match.pick, match);
  const verdict = match.pick === null ? 'Sin predicción' : hit ? 'Acierto' : 'Fallo';
  return (
    <li className="flex flex-col gap-1.5 py-2.5">
      <div className="flex items-center gap-2 text-sm">
        <span className="w-4 shrink-0 text-xs font-semibold text-slate-500 tabular-nums">{match.order}</span>
        <ClubCrest name={match.home} logoUrl={match.homeClub?.logoUrl} size={20} />
        <span className="min-w-0 flex-1 truncate font-medium">
          {match.home} <span className="text-slate-500">vs</span> {match.away}
        </span>
        <ClubCrest name={match.away} logoUrl={match.awayClub?.logoUrl} size={20} />
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 pl-6 text-xs">
        <span>
          Tu predicción: <strong className={hit ? 'text-green-700' : match.pick ? 'text-red-700' : 'text-slate-500'}>{match.pick ? SIDE_LABEL[match.pick] : '—'}</strong>
        </span>
        <span>
          Resultado: <strong>{match.result ? SIDE_LABEL[match.result] : isVoid(match) ? 'Anulado' : 'Pendiente'}</strong>
        </span>
        <span
          className={`ml-auto rounded-full px-2 py-0.5 font-semibold ${hit ? 'bg-green-100 text-green-800' : match.pick ? 'bg-red-100 text-red-800' : 'bg-slate-100 text-slate-600'}`}
        >
          {hit ? '✓ ' : match.pick ? '✗ ' : ''}
          {verdict}
        </span>
      </div>
      <MatchMarkers match={match} />
    </li>
  );
}
