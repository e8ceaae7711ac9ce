import { createFileRoute, redirect } from '@tanstack/react-router';
import { SignupForm } from '@/features/auth/components/signup-form';
import { currentSession } from '@/lib/session';

export const Route = createFileRoute('/signup')({
  staticData: { title: 'Crear cuenta' },
  beforeLoad: async () => {
    if (await currentSession()) throw redirect({ to: '/dashboard' as '/', replace: true });
  },
  component: SignupForm,
});
