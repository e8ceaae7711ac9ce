// The home page's loading, error and empty states for the open round.
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';

export function OpenRoundError({ onRetry }: { onRetry: () => void }) {
  return <ErrorState message="Error loading quinielas" onRetry={onRetry} />;
}

export function NoOpenRound() {
  return <EmptyState title="No hay partidos disponibles" description="La próxima quiniela se publica pronto. ¡Vuelve más tarde!" />;
}
