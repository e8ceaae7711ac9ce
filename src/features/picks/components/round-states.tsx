// Loading, error and empty states of the picks screens (docs/product.md#messages wording).
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { isOfflineMiss, NO_COPY_TEXT } from '@/lib/cached-read';
import type { RoundRef } from '../api/get-round-detail';

// docs/product.md#messages: 'Reintentar' on these screens reloads the page.
const reload = () => window.location.reload();

/** 'No pudimos cargar la quiniela.' with 'Reintentar' (docs/product.md#messages; in Spanish, not the
 * spec's quoted English: docs/decisions/screens.md, "Words"); offline without a copy, says so. */
export function RoundDetailError({ error }: { error?: unknown }) {
  return <ErrorState message={isOfflineMiss(error) ? NO_COPY_TEXT : 'No pudimos cargar la quiniela.'} onRetry={reload} />;
}

/** No round to show: none open yet (`current`), or the link names a round that does not exist. */
export function NoRound({ quiniela }: { quiniela: RoundRef }) {
  if (quiniela !== 'current') return <EmptyState title="Quiniela no encontrada." description="Revisa el enlace o elige otra quiniela." />;
  return <EmptyState title="No hay partidos disponibles" description="La próxima quiniela se publica pronto. ¡Vuelve más tarde!" />;
}

export function RoundsListError({ error }: { error?: unknown }) {
  return <ErrorState message={isOfflineMiss(error) ? NO_COPY_TEXT : 'No pudimos cargar las quinielas.'} onRetry={reload} />;
}

/** The weekly page's own heading and what it is for: it needs no data, so it is in the prerendered
 * page and is what a visitor reads first while the round loads. */
export function WeeklyIntro() {
  return (
    <div className="flex flex-col gap-1">
      <h1 className="text-2xl font-extrabold tracking-tight">Quiniela de la semana</h1>
      <p className="text-sm text-slate-600">
        Elige Local, Empate o Visita en cada partido de la quiniela antes del cierre. Jugar es gratis y cada acierto suma para los premios del mes.
      </p>
    </div>
  );
}

/** /quinielazo-de-la-semana while it loads (and its prerendered page): the page's intro, the round
 * selector, the card's header and the match rows at their real heights, so nothing moves when
 * the round arrives. */
export function WeeklyRoundSkeleton() {
  return (
    <div className="flex flex-col gap-4">
      <WeeklyIntro />
      <WeeklyRoundLoading />
    </div>
  );
}

function WeeklyRoundLoading() {
  return (
    <LoadingState label="Cargando la quiniela…" className="flex flex-col gap-4">
      <div aria-hidden="true" className="flex flex-col gap-1 text-sm font-semibold">
        Quiniela
        <div className="min-h-11 rounded-xl border border-slate-300 bg-white" />
      </div>
      <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <div className="h-53 animate-pulse bg-brand-800/80" />
        <ul className="divide-y divide-slate-100">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} className="flex h-[169px] flex-col justify-center gap-4 px-4">
              <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200" />
              <div className="grid grid-cols-3 gap-2">
                <div className="h-12 animate-pulse rounded-xl bg-slate-200" />
                <div className="h-12 animate-pulse rounded-xl bg-slate-200" />
                <div className="h-12 animate-pulse rounded-xl bg-slate-200" />
              </div>
            </li>
          ))}
        </ul>
      </div>
    </LoadingState>
  );
}
