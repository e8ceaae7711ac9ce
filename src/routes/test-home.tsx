// The original's trial page, listed in the spec: it answers with the home page (issue 32).
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/test-home')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
