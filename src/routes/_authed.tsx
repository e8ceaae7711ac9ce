// Pathless layout for every signed-in-only screen (`src/routes/_authed/*`): a signed-out
// visitor is sent to /login?redirect=<path> and comes back after signing in.
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { currentSession } from '@/lib/session';

export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ location }) => {
    const session = await currentSession();
    if (!session) {
      throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
    }
    return { session };
  },
  component: Outlet,
});
