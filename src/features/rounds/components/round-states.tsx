// The home page's loading, error and empty states for the open round.
import { Button } from '@/components/ui/button';

export function OpenRoundSkeleton() {
  return (
    <div role="status" aria-live="polite" className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <span className="sr-only">Cargando la quiniela…</span>
      <div className="h-28 animate-pulse bg-brand-800/80" />
      <ul className="divide-y divide-slate-100">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className="flex items-center gap-3 px-4 py-4">
            <div className="h-4 flex-1 animate-pulse rounded bg-slate-200" />
            <div className="size-8 animate-pulse rounded-full bg-slate-200" />
            <div className="size-8 animate-pulse rounded-full bg-slate-200" />
            <div className="h-4 flex-1 animate-pulse rounded bg-slate-200" />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function OpenRoundError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200">
      <p className="font-semibold text-red-700">Error loading quinielas</p>
      <p className="text-sm text-slate-600">Revisa tu conexión e inténtalo de nuevo.</p>
      <Button onClick={onRetry}>Reintentar</Button>
    </div>
  );
}

export function NoOpenRound() {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200">
      <p className="font-semibold">No hay partidos disponibles</p>
      <p className="text-sm text-slate-600">La próxima quiniela se publica pronto. ¡Vuelve más tarde!</p>
    </div>
  );
}
