import { useState } from 'react';
import { FormMessage } from '@/components/ui/field';
import { Switch } from '@/components/ui/switch';
import { BRAND } from '@/lib/brand';
import { PREFERENCE_KEYS, type NotificationPreferences, type PreferenceKey } from '../api/get-notification-preferences';
import { updateNotificationPreference } from '../api/update-notification-preference';
import { SETTINGS_MESSAGES } from '../rules';
import { SettingsCard } from './settings-card';
import { useNotice } from './use-notice';

const LABELS: Record<PreferenceKey, { label: string; description: string }> = {
  remind_quinielazo: { label: 'Recordatorio de la quiniela', description: 'Un aviso antes del cierre de la quiniela de la semana.' },
  remind_boost: { label: 'Recordatorio del Boost', description: 'Un aviso para jugar el Boost del día.' },
  new_quinielazo: { label: 'Nueva quiniela', description: 'Cuando se publica una nueva quiniela.' },
  new_blog: { label: 'Nuevo artículo del blog', description: 'Cuando publicamos un artículo en el blog.' },
  points_ready: { label: 'Tus puntos ya están', description: 'Cuando se califica una quiniela que jugaste.' },
  news_updates: { label: 'Novedades', description: `Noticias y novedades de ${BRAND.name}.` },
  goal_alerts: { label: 'Goles de mis partidos', description: 'Un aviso en el teléfono por cada gol de un partido que elegiste (con los avisos activados).' },
};

/** The e-mail notices, each saved as soon as it is switched (its own outcome message, docs/product.md#settings). */
export function NotificationsSection({ userId, initial }: { userId: string; initial: NotificationPreferences }) {
  const [preferences, setPreferences] = useState(initial);
  const [saving, setSaving] = useState<PreferenceKey | null>(null);
  const [notice, show] = useNotice();

  async function toggle(key: PreferenceKey, enabled: boolean) {
    setSaving(key);
    setPreferences((current) => ({ ...current, [key]: enabled }));
    try {
      await updateNotificationPreference(userId, key, enabled);
      show('success', SETTINGS_MESSAGES.preferencesSaved);
    } catch {
      setPreferences((current) => ({ ...current, [key]: !enabled }));
      show('error', SETTINGS_MESSAGES.preferencesError);
    } finally {
      setSaving(null);
    }
  }

  return (
    <SettingsCard id="settings-notifications" title="Notificaciones" description="Elige qué avisos quieres recibir: llegan al teléfono si activaste los avisos en este teléfono y, si no, por correo.">
      <div className="-my-3 divide-y divide-slate-100">
        {PREFERENCE_KEYS.map((key) => (
          <Switch
            key={key}
            label={LABELS[key].label}
            description={LABELS[key].description}
            checked={preferences[key]}
            disabled={saving !== null}
            onChange={(enabled) => void toggle(key, enabled)}
          />
        ))}
      </div>
      {notice ? (
        <div className="mt-4">
          <FormMessage tone={notice.tone}>{notice.text}</FormMessage>
        </div>
      ) : null}
    </SettingsCard>
  );
}
