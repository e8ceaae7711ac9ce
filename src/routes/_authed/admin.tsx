// Guard of every /admin screen: visitors were already sent to /login by _authed; signed-in
// players who are not admins go to /dashboard. The screens themselves are lazy route files
// (admin.lazy.tsx, admin/*.lazy.tsx), so none of their code is in a player's first load.
// The database and the functions check admin membership again on every call.
import { createFileRoute, redirect } from '@tanstack/react-router';
import { isAdmin } from '@/lib/session';

export const Route = createFileRoute('/_authed/admin')({
  staticData: { title: 'Administración' },
  beforeLoad: async ({ context }) => {
    const admin = await isAdmin(context.session.user.id).catch(() => false);
    if (!admin) throw redirect({ href: '/dashboard', replace: true });
  },
});
