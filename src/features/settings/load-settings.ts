// The settings screen's data, read together by its route loader.
import { getMyProfile, type MyProfile } from './api/get-my-profile';
import { getNotificationPreferences, type NotificationPreferences } from './api/get-notification-preferences';
import { listClubs, type Club } from '@/lib/clubs';

export interface SettingsData {
  userId: string;
  email: string;
  profile: MyProfile;
  preferences: NotificationPreferences;
  clubs: Club[];
}

export async function loadSettings(userId: string, email: string): Promise<SettingsData> {
  const [profile, preferences, clubs] = await Promise.all([getMyProfile(userId), getNotificationPreferences(userId), listClubs()]);
  return { userId, email, profile, preferences, clubs };
}
