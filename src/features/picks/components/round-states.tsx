// Loading, error and empty states of the picks screens (docs/product.md#messages wording).
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';

// docs/product.md#messages: 'Reintentar' on these screens reloads the page.
const reload = () => window.location.reload();

/** 'Error loading quiniela details' with 'Reintentar' (docs/product.md#messages). */
export function RoundDetailError() {
  return <ErrorState message="Error loading quiniela details" onRetry={reload} />;
}

export function NoRound() {
  return <EmptyState title="No hay partidos disponibles" description="La próxima quiniela se publica pronto. ¡Vuelve más tarde!" />;
}

export function RoundsListError() {
  return <ErrorState message="Error loading quinielas" onRetry={reload} />;
}
