// /settings: the player's account, favourite club, e-mail notices and password (docs/product.md#settings).
import { createFileRoute } from '@tanstack/react-router';
import { SettingsError, SettingsPage, SettingsSkeleton } from '@/features/settings/components/settings-page';
import { loadSettings } from '@/features/settings/load-settings';
import { SavedCopyNote } from '@/components/ui/saved-copy-note';
import { cachedRead, MAX_AGE } from '@/lib/cached-read';

export const Route = createFileRoute('/_authed/settings')({
  staticData: { title: 'Configuración' },
  // Through the read cache: seen once with signal, it opens offline too (issue 44, item 6).
  loader: ({ context }) =>
    cachedRead('settings', context.session.user.id, () => loadSettings(context.session.user.id, context.session.user.email ?? ''), MAX_AGE.profile),
  pendingComponent: SettingsSkeleton,
  errorComponent: SettingsError,
  component: function SettingsRoute() {
    const { data, cachedAt } = Route.useLoaderData();
    return (
      <>
        {cachedAt !== null && <SavedCopyNote storedAt={cachedAt} what="de tu configuración" />}
        <SettingsPage data={data} />
      </>
    );
  },
});
