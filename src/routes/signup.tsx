import { createFileRoute, redirect } from '@tanstack/react-router';
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
    const { liga } = Route.useSearch();
    return <SignupForm leagueCode={liga ?? null} logInSearch={liga ? inviteRoads(liga).logIn : {}} />;
  },
});
