// Starts the analytics of signed-in players: a page view for every screen the router settles on
// (`seen`: those main.tsx remembered before this module loaded), and the last events sent when the
// page is hidden or the player signs out (afterwards the table would refuse them: a 401). Loaded
// after the first render.
import type { AnyRouter } from '@tanstack/react-router';
import { flushOnHide, track } from './activity';
import { useSessionStore } from './session';
import { onBeforeSignOut } from './sign-out';

export function startActivity(router: AnyRouter, seen: readonly string[], stopRemembering: () => void): void {
  // A view is a new path: the router resolving the same screen again (a reload of its data
  // after signing in, a search parameter) is not another view.
  let lastPath: string | null = null;
  const view = (path: string) => {
    if (path === lastPath) return;
    lastPath = path;
    // Cut well under the table's 2,000-byte limit on an event's details (a mistyped URL can be long).
    track('page_view', { path: path.slice(0, 300) });
  };
  // Once the stored session has been read (visitors are not logged), the remembered screens,
  // then every new one.
  const begin = () => {
    stopRemembering();
    seen.forEach(view);
    router.subscribe('onResolved', ({ toLocation }) => view(toLocation.pathname));
  };
  if (useSessionStore.getState().ready) begin();
  else {
    const stop = useSessionStore.subscribe((s) => {
      if (!s.ready) return;
      stop();
      begin();
    });
  }
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushOnHide();
  });
  // Leaving for another document does not always report 'hidden' first; pagehide always fires.
  window.addEventListener('pagehide', flushOnHide);
  onBeforeSignOut(flushOnHide);
}
