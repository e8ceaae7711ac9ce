// The picks board's offline layer (the drafts in IndexedDB and the outbox), imported on demand:
// a visitor's weekly page shows the round read-only and never downloads it; a player's board
// loads it as soon as it mounts.
import { liveQuery } from 'dexie';
import { getDb, isQuotaError, type PickDraft } from '@/lib/db';
import { draftsOfRound, recordPick, type TapInput } from '@/lib/game/pick-drafts';
import { flushNow, onFlush, startOutboxRunner } from '@/lib/outbox-runner';

export { flushNow, onFlush, startOutboxRunner };

/** Follows the player's drafts of a round (this tab and others); returns the stop function. */
export function watchDrafts(userId: string, roundId: number, onChange: (drafts: PickDraft[]) => void): () => void {
  const subscription = liveQuery(() => draftsOfRound(getDb(), userId, roundId)).subscribe({
    next: onChange,
    error: (error: unknown) => console.warn('No se pudieron leer los borradores', error),
  });
  return () => subscription.unsubscribe();
}

/** Records a tap as a draft; a storage failure comes back as the Spanish line to show. */
export async function savePickDraft(draft: TapInput): Promise<string | null> {
  try {
    await recordPick(getDb(), draft);
    return null;
  } catch (error) {
    return isQuotaError(error)
      ? 'Tu teléfono no tiene espacio para guardar la predicción. Libera espacio e inténtalo de nuevo.'
      : 'No se pudo guardar la predicción en este teléfono. Inténtalo de nuevo.';
  }
}
