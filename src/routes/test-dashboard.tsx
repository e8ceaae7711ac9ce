// The original's trial dashboard, listed in the spec: it answers with /dashboard (which sends a
// visitor on to /login) (issue 32).
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/test-dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard', replace: true });
  },
});
