// A failed read: the screen's own message (spec wording), the same advice, and a retry.
import { Button } from './button';

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200">
      <p className="font-semibold text-red-700">{message}</p>
      <p className="text-sm text-slate-600">Revisa tu conexión e inténtalo de nuevo.</p>
      <Button onClick={onRetry}>Reintentar</Button>
    </div>
  );
}
