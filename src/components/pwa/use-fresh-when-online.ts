import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useOnline } from './use-online';

/** A screen showing the copy saved on this phone reads its data again once the signal is back
 * (the route's loaders run again), instead of saying "Sin conexión" until the player reloads. */
export function useFreshWhenOnline(showingSavedCopy: boolean): void {
  const online = useOnline();
  const router = useRouter();
  useEffect(() => {
    if (online && showingSavedCopy) void router.invalidate();
  }, [online, showingSavedCopy, router]);
}
