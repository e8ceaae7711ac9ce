// The installed app starts at /inicio (manifest start_url). Until the signed-in home exists,
// it shows the public home.
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/inicio')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
