import { supabase } from '@/lib/supabase';
import type { PreferenceKey } from './get-notification-preferences';

/** Switches one e-mail notice on or off; fails when the row was not updated. */
export async function updateNotificationPreference(userId: string, key: PreferenceKey, enabled: boolean): Promise<void> {
  const patch: Partial<Record<PreferenceKey, boolean>> = {};
  patch[key] = enabled;
  const { data, error } = await supabase
    .from('notification_preferences')
    .update(patch)
    .eq('user_id', userId)
    .select('user_id');
  if (error) throw error;
  if (data.length !== 1) throw new Error('No se actualizó la fila de preferencias');
}
