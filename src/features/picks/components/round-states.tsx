// Loading, error and empty states of the picks screens (spec §8 wording).
import { Button } from '@/components/ui/button';
import { OpenRoundSkeleton } from '@/features/rounds/components/round-states';

export const RoundSkeleton = OpenRoundSkeleton;

/** 'Error loading quiniela details' with 'Reintentar', which reloads the page (spec §8). */
export function RoundDetailError() {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200">
      <p className="font-semibold text-red-700">Error loading quiniela details</p>
      <p className="text-sm text-slate-600">Revisa tu conexión e inténtalo de nuevo.</p>
      <Button onClick={() => window.location.reload()}>Reintentar</Button>
    </div>
  );
}

export function NoRound() {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200">
      <p className="font-semibold">No hay partidos disponibles</p>
      <p className="text-sm text-slate-600">La próxima quiniela se publica pronto. ¡Vuelve más tarde!</p>
    </div>
  );
}

export function RoundsListError() {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200">
      <p className="font-semibold text-red-700">Error loading quinielas</p>
      <p className="text-sm text-slate-600">Revisa tu conexión e inténtalo de nuevo.</p>
      <Button onClick={() => window.location.reload()}>Reintentar</Button>
    </div>
  );
}
