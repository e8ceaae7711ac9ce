import { createFileRoute, redirect } from '@tanstack/react-router';
import { useHydrated } from '@/components/ui/use-hydrated';
import { LoginForm } from '@/features/auth/components/login-form';
import { rememberJoinIntent } from '@/features/leagues/join-intent';
import { inviteRoads, joinCodeOfRedirect } from '@/features/leagues/invite-roads';
import { currentSession } from '@/lib/session';

/** Only in-app paths are followed after sign-in (no open redirect to another site). */
function safeRedirect(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : undefined;
}

export const Route = createFileRoute('/login')({
  staticData: { title: 'Iniciar sesión' },
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const target = safeRedirect(search.redirect);
    return target ? { redirect: target } : {};
  },
  beforeLoad: async ({ search }) => {
    if (await currentSession()) throw redirect({ to: (search.redirect ?? '/dashboard') as '/', replace: true });
  },
  component: LoginPage,
});

function LoginPage() {
  const { redirect: redirectTo } = Route.useSearch();
  // Back to a liga's invitation to join it: the sign-in is the player's ask, said on the screen
  // (a link alone never joins a signed-in player: features/leagues/join-intent.ts).
  // Not while the prerendered page (drawn for no invitation) hydrates: hydration keeps a link's
  // href as the server wrote it, and only a later render with a new href changes it.
  const liga = useHydrated() ? joinCodeOfRedirect(redirectTo) : null;
  return (
    <LoginForm
      redirectTo={redirectTo}
      signUpSearch={liga ? inviteRoads(liga).signUp : {}}
      notice={liga ? 'Al iniciar sesión entrarás a la liga de tu invitación.' : undefined}
      onSignedIn={liga ? () => rememberJoinIntent(liga) : undefined}
    />
  );
}
