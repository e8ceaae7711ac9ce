import { supabase } from '@/lib/supabase';

/** The notices (by e-mail, or push on a phone with avisos on) a player can switch on or off, by their column names. */
export const PREFERENCE_KEYS = ['remind_quinielazo', 'remind_boost', 'new_quinielazo', 'new_blog', 'points_ready', 'news_updates', 'goal_alerts'] as const;
export type PreferenceKey = (typeof PREFERENCE_KEYS)[number];
export type NotificationPreferences = Record<PreferenceKey, boolean>;

/** The player's own preferences row (the sign-up chain creates it with the defaults). */
export async function getNotificationPreferences(userId: string): Promise<NotificationPreferences> {
  const { data, error } = await supabase
    .from('notification_preferences')
    .select('remind_quinielazo, remind_boost, new_quinielazo, new_blog, points_ready, news_updates, goal_alerts')
    .eq('user_id', userId)
    .single();
  if (error) throw error;
  return data;
}
