// /ligas: the player's ligas, and "Crear liga".
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { SavedCopyNote } from '@/components/ui/saved-copy-note';
import type { MyLeague } from '../api/get-my-leagues';
import { LEAGUES_PER_PLAYER } from '../league-rules';
import { CreateLeagueForm } from './create-league-form';
import { MyLeaguesList } from './my-leagues-list';

export function MyLeaguesPage({ leagues, cachedAt, onRetry }: { leagues: MyLeague[] | null; cachedAt: number | null; onRetry: () => void }) {
  return (
    <div className="flex flex-col gap-5">
      <header>
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Ligas privadas</p>
        <h1 className="text-2xl font-extrabold tracking-tight">Mis ligas</h1>
        <p className="text-sm text-slate-600">Tus mismas quinielas y puntos, en una tabla solo para tu grupo.</p>
      </header>
      {cachedAt !== null && <SavedCopyNote storedAt={cachedAt} what="de tus ligas" />}
      {leagues === null ? (
        <ErrorState message="No se pudieron cargar tus ligas." onRetry={onRetry} />
      ) : leagues.length === 0 ? (
        <div className="rounded-2xl bg-white px-5 py-6 text-center shadow-sm ring-1 ring-slate-200">
          <p className="font-semibold">Aún no estás en ninguna liga</p>
          <p className="text-sm text-slate-600">Crea una e invita por WhatsApp, o abre el enlace que te mandaron.</p>
        </div>
      ) : (
        <section className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          <MyLeaguesList leagues={leagues} />
        </section>
      )}
      {leagues !== null && leagues.length >= LEAGUES_PER_PLAYER ? (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
          Ya estás en {LEAGUES_PER_PLAYER} ligas, el máximo: sal de una para crear o unirte a otra.
        </p>
      ) : (
        <CreateLeagueForm />
      )}
    </div>
  );
}

export function MyLeaguesSkeleton() {
  return (
    <LoadingState label="Cargando tus ligas…" className="flex flex-col gap-5">
      <div className="h-20 rounded-2xl bg-slate-200/60" />
      <div className="h-40 animate-pulse rounded-2xl bg-white ring-1 ring-slate-200" />
    </LoadingState>
  );
}
