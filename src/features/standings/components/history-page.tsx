import { useState } from 'react';
import { formatPoints } from '@/lib/plural';
import { AppLink } from '@/components/ui/app-link';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { expiredCopyText, SavedCopyNote } from '@/components/ui/saved-copy-note';
import { expiredCopyTime, isOfflineMiss, NO_COPY_TEXT } from '@/lib/cached-read';
import { formatDeadlineBeside } from '@/lib/time';
import type { RoundScore } from '../api/get-user-scores-by-month';
import { historyTone, type HistoryTone } from '../leaderboard-rows';
import type { HistoryData } from '../load-history';
import { monthPhrase, monthWord } from '../months';
import { MonthSelect } from './month-select';
import { RoundDetailDialog } from './round-detail-dialog';
import { useFreshWhenOnline } from '@/components/pwa/use-fresh-when-online';

const HISTORY_COPY = 'de tu historial';

const TONE_BAR: Record<HistoryTone, string> = { green: 'bg-green-500', amber: 'bg-amber-400', red: 'bg-red-500' };
const TONE_TEXT: Record<HistoryTone, string> = { green: 'text-green-700', amber: 'text-amber-700', red: 'text-red-700' };

interface HistoryPageProps {
  data: HistoryData;
  onMonthChange: (monthKey: string) => void;
}

export function HistoryPage({ data, onMonthChange }: HistoryPageProps) {
  useFreshWhenOnline(data.signedIn && data.cachedAt !== null);
  const [open, setOpen] = useState<RoundScore | null>(null);

  if (!data.signedIn) {
    return (
      <div className="flex flex-col gap-4">
        <HistoryHeading />
        <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-3xl" aria-hidden="true">
            📋
          </p>
          <p className="font-semibold">Inicia sesión para ver tu historial.</p>
          <div className="flex flex-wrap justify-center gap-2">
            <AppLink
              to="/login?redirect=/mis-quinielas"
              className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800"
            >
              Iniciar sesión
            </AppLink>
            <AppLink to="/signup" className="inline-flex min-h-11 items-center rounded-full px-5 text-sm font-semibold text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50">
              Crear cuenta gratis
            </AppLink>
          </div>
        </div>
      </div>
    );
  }

  const totalPoints = data.rounds.reduce((sum, r) => sum + r.points, 0);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <HistoryHeading />
        <MonthSelect value={data.month} months={data.months} onChange={onMonthChange} />
      </div>

      {data.cachedAt !== null && <SavedCopyNote storedAt={data.cachedAt} what={HISTORY_COPY} />}
      {data.waiting && (
        <p role="status" className="rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900 ring-1 ring-brand-100">
          Aún no tienes quinielas calificadas en {monthWord(data.waiting)}: ves las de {monthWord(data.month)}.
        </p>
      )}

      {data.rounds.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200">
          <p className="font-semibold">No hay resultados.</p>
          <p className="text-sm text-slate-600">No tienes quinielas calificadas en {monthPhrase(data.month)}.</p>
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {data.rounds.length} {data.rounds.length === 1 ? 'quiniela calificada' : 'quinielas calificadas'} ·{' '}
            <span className="font-semibold text-slate-900">{formatPoints(totalPoints)}</span>
          </p>
          <ul aria-label="Quinielas calificadas" className="flex flex-col gap-3">
            {data.rounds.map((round) => (
              <HistoryItem key={round.roundId} round={round} onOpen={() => setOpen(round)} />
            ))}
          </ul>
        </>
      )}

      <RoundDetailDialog round={open} userId={data.userId} onClose={() => setOpen(null)} />
    </div>
  );
}

function HistoryHeading() {
  return (
    <div>
      <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Tu historial</p>
      <h1 className="text-2xl font-extrabold tracking-tight">Mis quinielas</h1>
    </div>
  );
}

function HistoryItem({ round, onOpen }: { round: RoundScore; onOpen: () => void }) {
  const tone = historyTone(round.correct);
  const share = Math.round((round.correct / (round.total || 12)) * 100);
  return (
    <li className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <button type="button" onClick={onOpen} className="flex w-full flex-col gap-2 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700">
        <div className="flex items-baseline justify-between gap-3">
          <span className="min-w-0 font-semibold leading-snug">{round.roundName}</span>
          <span className="shrink-0 text-lg font-extrabold text-brand-800 tabular-nums">{formatPoints(round.points)}</span>
        </div>
        <span className="text-xs text-slate-500">Cerró el {formatDeadlineBeside(round.roundName, round.deadline)}</span>
        <span className="flex items-center gap-3">
          <span
            role="meter"
            aria-valuemin={0}
            aria-valuemax={round.total || 12}
            aria-valuenow={round.correct}
            aria-label="Aciertos"
            data-tone={tone}
            className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-100"
          >
            <span className={`block h-full rounded-full ${TONE_BAR[tone]}`} style={{ width: `${share}%` }} />
          </span>
          <span className={`shrink-0 text-sm font-bold tabular-nums ${TONE_TEXT[tone]}`}>
            {round.correct}/{round.total || 12} {(round.total || 12) === 1 ? 'acierto' : 'aciertos'}
          </span>
        </span>
        {round.bonusDetails.length > 0 && <span className="text-xs text-brand-700">{round.bonusDetails.length === 1 ? '1 bono' : `${round.bonusDetails.length} bonos`}</span>}
        <span className="sr-only">Ver detalle</span>
      </button>
    </li>
  );
}

export function HistorySkeleton() {
  return (
    <LoadingState label="Cargando tu historial…" className="flex flex-col gap-4">
      <div className="h-14 w-48 animate-pulse rounded-lg bg-slate-200" />
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="h-24 animate-pulse rounded-2xl bg-white ring-1 ring-slate-200" />
      ))}
    </LoadingState>
  );
}

export function HistoryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const expired = expiredCopyTime(error);
  return <ErrorState message={expired !== null ? expiredCopyText(expired, HISTORY_COPY) : isOfflineMiss(error) ? NO_COPY_TEXT : 'No pudimos cargar tus quinielas.'} onRetry={onRetry} />;
}
