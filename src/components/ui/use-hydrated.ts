// False on the server and during hydration of a prerendered page (scripts/prerender.ts), true
// from the first render after it.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
