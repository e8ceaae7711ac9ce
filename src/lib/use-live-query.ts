// Dexie's liveQuery as a React hook: re-renders when the queried tables change in this tab or
// another one (Dexie broadcasts its changes between tabs).
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

export function useLiveQuery<T>(query: () => Promise<T>, deps: readonly unknown[], initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({
      next: setValue,
      error: (error: unknown) => console.warn('No se pudieron leer los borradores', error),
    });
    return () => subscription.unsubscribe();
    // The caller's deps stand for the query (as with useMemo); lint checks them at each call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
}
