import { createFileRoute, redirect } from '@tanstack/react-router';
import { useHydrated } from '@/components/ui/use-hydrated';
import { SignupForm } from '@/features/auth/components/signup-form';
import { inviteRoads } from '@/features/leagues/invite-roads';
import { currentSession } from '@/lib/session';

export const Route = createFileRoute('/signup')({
  staticData: { title: 'Crear cuenta' },
  // A liga's invitation (`/signup?liga=CODE`): the code rides along in the sign-up, as the
  // referral code does, and the mail's link brings the player back to the liga.
  validateSearch: (search: Record<string, unknown>): { liga?: string } =>
    typeof search.liga === 'string' && /^[A-Za-z0-9]{4,16}$/.test(search.liga) ? { liga: search.liga } : {},
  beforeLoad: async () => {
    if (await currentSession()) throw redirect({ to: '/dashboard' as '/', replace: true });
  },
  component: function SignupRoute() {
    const { liga: asked } = Route.useSearch();
    // Not while the prerendered page (drawn for no liga) hydrates: hydration keeps a link's href
    // as the server wrote it, and only a later render with a new href changes it.
    const liga = useHydrated() ? asked : undefined;
    return <SignupForm leagueCode={liga ?? null} logInSearch={liga ? inviteRoads(liga).logIn : {}} />;
  },
});
