import { useState, type ReactNode } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { SavedCopyNote } from '@/components/ui/saved-copy-note';
import { NO_COPY_TEXT } from '@/lib/cached-read';
import { useBelowTheFold } from '@/components/ui/render-in-slices';
import { useUserId } from '@/lib/session';
import { anyoneRanked, leaderboardView, LEADERBOARD_TABS, TAB_LABELS, type LeaderboardEntry, type LeaderboardTab } from '../leaderboard-rows';
import type { LeaderboardData } from '../load-leaderboard';
import { monthPhrase } from '../months';
import { LeaderboardTable } from './leaderboard-table';
import { MonthSelect } from './month-select';
import { ScoreDetailDialog } from './score-detail-dialog';

/** The skeleton's rows: as many as a phone shows under the page's header and tabs. */
const SKELETON_ROWS = 10;

interface LeaderboardPageProps {
  data: LeaderboardData;
  tab: LeaderboardTab;
  onTabChange: (tab: LeaderboardTab) => void;
  onMonthChange: (monthKey: string) => void;
  /** Reads the month again after a failed read. */
  onRetry: () => void;
  /** Other features' blocks under the table (the promo block and the offer), composed by the route. */
  children?: ReactNode;
}

export function LeaderboardPage({ data, tab, onTabChange, onMonthChange, onRetry, children }: LeaderboardPageProps) {
  const userId = useUserId();
  const [selected, setSelected] = useState<LeaderboardEntry | null>(null);
  const view = leaderboardView(data.entries, tab, userId);
  // The rows the skeleton held come first; the rest of the top 20, the player's own row and the
  // blocks under the table a task later (below the fold on a phone).
  const belowTheFold = useBelowTheFold();

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Ranking mensual</p>
          <h1 className="text-2xl font-extrabold tracking-tight">Tabla de Posiciones</h1>
        </div>
        <MonthSelect value={data.month} months={data.months} onChange={onMonthChange} />
      </header>

      {data.cachedAt !== null && <SavedCopyNote storedAt={data.cachedAt} what="de la tabla de posiciones" />}

      <div role="tablist" aria-label="Ordenar por" className="grid grid-cols-3 gap-1 rounded-full bg-slate-200/70 p-1">
        {LEADERBOARD_TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`tab-${t}`}
            aria-selected={t === tab}
            aria-controls="leaderboard-panel"
            onClick={() => onTabChange(t)}
            className={`min-h-11 rounded-full text-sm font-semibold transition ${
              t === tab ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900'
            }`}
          >
            {TAB_LABELS[t]}
          </button>
        ))}
      </div>

      <section id="leaderboard-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        {data.failed ? (
          <ErrorState message={data.noCopy ? NO_COPY_TEXT : 'No pudimos cargar la tabla de posiciones.'} onRetry={onRetry} />
        ) : !anyoneRanked(data.entries, tab) ? (
          <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
            <p className="text-3xl" aria-hidden="true">
              🏆
            </p>
            <p className="font-semibold">No hay datos del ranking este mes</p>
            <p className="text-sm text-slate-600">
              {tab === 'boost' ? 'Los puntos aparecen aquí en cuanto se califica el primer Boost del mes.' : 'Los puntos aparecen aquí en cuanto se califica la primera quiniela del mes.'}
            </p>
          </div>
        ) : (
          <LeaderboardTable
            view={belowTheFold ? view : { top: view.top.slice(0, SKELETON_ROWS), own: null }}
            tab={tab}
            userId={userId}
            onOpen={setSelected}
            caption={`Tabla de posiciones de ${monthPhrase(data.month)}, ordenada por ${TAB_LABELS[tab]}`}
          />
        )}
      </section>
      {belowTheFold && anyoneRanked(data.entries, tab) && (
        <p className="text-center text-xs text-slate-500">Toca a un jugador para ver el detalle de sus puntos. Las flechas comparan con el mes pasado.</p>
      )}

      {belowTheFold && children}
      <ScoreDetailDialog entry={selected} month={data.month} onClose={() => setSelected(null)} />
    </div>
  );
}

/** The page's own header and tabs, then rows as tall as the table's, so nothing moves when the
 * data arrives (it is also the prerendered page, scripts/prerender.ts). */
export function LeaderboardSkeleton() {
  return (
    <LoadingState label="Cargando la tabla de posiciones…" className="flex flex-col gap-4">
      <div aria-hidden="true" className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Ranking mensual</p>
          <p className="text-2xl font-extrabold tracking-tight">Tabla de Posiciones</p>
        </div>
        <div className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Mes
          <div className="min-h-11 rounded-xl border border-slate-300 bg-white shadow-sm sm:w-44" />
        </div>
      </div>
      <div aria-hidden="true" className="grid grid-cols-3 gap-1 rounded-full bg-slate-200/70 p-1">
        {Object.values(TAB_LABELS).map((label) => (
          <div key={label} className="grid min-h-11 place-items-center text-sm font-semibold text-slate-400">
            {label}
          </div>
        ))}
      </div>
      <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <div className="h-8 bg-slate-50" />
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <div key={i} className="flex h-[55px] items-center gap-3 border-t border-slate-100 px-3">
            <div className="size-6 animate-pulse rounded-full bg-slate-200" />
            <div className="h-3 flex-1 animate-pulse rounded bg-slate-200" />
            <div className="h-3 w-24 animate-pulse rounded bg-slate-200" />
          </div>
        ))}
      </div>
    </LoadingState>
  );
}
