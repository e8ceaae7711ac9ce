// /settings (docs/product.md#settings): account (e-mail and username), favourite club, this
// phone's push notices, the notices (push or e-mail) and password. Username and club are edited
// as one draft saved from the sticky bar; each notice is saved as soon as it is switched; the
// e-mail changes once both addresses confirm, the password here (with a mailed code after a long
// session) or through the recovery mail.
import { useState } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { ErrorState } from '@/components/ui/error-state';
import { FormMessage } from '@/components/ui/field';
import { LoadingState } from '@/components/ui/loading-state';
import { refreshProfile } from '@/lib/session';
import type { MyProfile } from '../api/get-my-profile';
import { updateProfile } from '../api/update-profile';
import type { SettingsData } from '../load-settings';
import { canSaveProfile, isProfileDirty, profileErrorMessage, SETTINGS_MESSAGES } from '../rules';
import { ClubSection } from './club-section';
import { NotificationsSection } from './notifications-section';
import { PasswordSection } from './password-section';
import { PushSection } from './push-section';
import { SaveBar } from './save-bar';
import { UsernameSection } from './username-section';
import { useNotice } from './use-notice';

export function SettingsPage({ data }: { data: SettingsData }) {
  const [saved, setSaved] = useState<MyProfile>(data.profile);
  const [draft, setDraft] = useState<MyProfile>(data.profile);
  const [editingUsername, setEditingUsername] = useState(false);
  const [changingClub, setChangingClub] = useState(false);
  const [saving, setSaving] = useState(false);
  const [notice, show, clearNotice] = useNotice();

  // A player without a favourite club is always choosing one (docs/product.md#settings).
  const selectingClub = changingClub || saved.favoriteClubId === null;
  const dirty = isProfileDirty(saved, draft);
  const showBar = dirty || editingUsername || (changingClub && saved.favoriteClubId !== null);

  function cancelAll() {
    setDraft(saved);
    setEditingUsername(false);
    setChangingClub(false);
    clearNotice();
  }

  async function save() {
    if (!canSaveProfile(saved, draft)) return;
    setSaving(true);
    clearNotice();
    try {
      const result = await updateProfile(data.userId, draft);
      setSaved(result);
      setDraft(result);
      setEditingUsername(false);
      setChangingClub(false);
      show('success', SETTINGS_MESSAGES.profileSaved);
      // The header shows the username and club badge from the session store.
      void refreshProfile();
    } catch (error) {
      // What was typed stays, so the player can fix it.
      const { code, hint } = error as { code?: string; hint?: string | null };
      show('error', profileErrorMessage(code, hint));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-3">
        <AppLink
          to="/dashboard"
          className="inline-flex min-h-9 w-fit items-center gap-1.5 rounded-full pr-3 text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <span aria-hidden="true">←</span> Volver a mi perfil
        </AppLink>
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight">Configuración</h1>
          <p className="text-sm text-slate-600">Tu cuenta, tu club y los correos que recibes.</p>
        </div>
      </header>

      <UsernameSection
        email={data.email}
        savedUsername={saved.username}
        draftUsername={draft.username}
        editing={editingUsername}
        onEdit={() => setEditingUsername(true)}
        onCancel={() => {
          setDraft((d) => ({ ...d, username: saved.username }));
          setEditingUsername(false);
        }}
        onChange={(username) => setDraft((d) => ({ ...d, username }))}
      />

      <ClubSection
        clubs={data.clubs}
        savedClubId={saved.favoriteClubId}
        draftClubId={draft.favoriteClubId}
        selecting={selectingClub}
        onStartChange={() => setChangingClub(true)}
        onCancel={() => {
          setDraft((d) => ({ ...d, favoriteClubId: saved.favoriteClubId }));
          setChangingClub(false);
        }}
        onSelect={(favoriteClubId) => setDraft((d) => ({ ...d, favoriteClubId }))}
      />

      <PushSection />

      <NotificationsSection userId={data.userId} initial={data.preferences} />

      <PasswordSection email={data.email} />

      {notice?.tone === 'success' ? <FormMessage tone="success">{notice.text}</FormMessage> : null}

      {showBar ? (
        <SaveBar
          canSave={canSaveProfile(saved, draft)}
          saving={saving}
          error={notice?.tone === 'error' ? notice : null}
          onSave={() => void save()}
          onCancel={cancelAll}
        />
      ) : null}
    </div>
  );
}

export function SettingsSkeleton() {
  return (
    <LoadingState label="Cargando tu configuración…" className="flex flex-col gap-5">
      <div className="h-4 w-32 animate-pulse rounded bg-slate-200" />
      <div className="h-8 w-48 animate-pulse rounded bg-slate-200" />
      {[40, 56, 72].map((h) => (
        <div key={h} className="animate-pulse rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" style={{ height: `${h * 3}px` }}>
          <div className="h-4 w-28 rounded bg-slate-200" />
        </div>
      ))}
    </LoadingState>
  );
}

export function SettingsError() {
  return <ErrorState message="No pudimos cargar tu configuración." onRetry={() => window.location.reload()} />;
}
