// /settings: the player's account, favourite club, e-mail notices and password (docs/product.md#settings).
import { createFileRoute } from '@tanstack/react-router';
import { SettingsError, SettingsPage, SettingsSkeleton } from '@/features/settings/components/settings-page';
import { loadSettings } from '@/features/settings/load-settings';

export const Route = createFileRoute('/_authed/settings')({
  staticData: { title: 'Configuración' },
  loader: ({ context }) => loadSettings(context.session.user.id, context.session.user.email ?? ''),
  pendingComponent: SettingsSkeleton,
  errorComponent: SettingsError,
  component: function SettingsRoute() {
    return <SettingsPage data={Route.useLoaderData()} />;
  },
});
