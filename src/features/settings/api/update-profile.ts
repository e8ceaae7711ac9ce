import { supabase } from '@/lib/supabase';
import { normalizeUsername } from '@/lib/username';
import type { MyProfile } from './get-my-profile';

/**
 * Saves the username (normalised, as the database stores it) and favourite club, returning what
 * the database kept. A taken name fails with Postgres' unique violation (23505), a name the rule
 * refuses with 23514 and the reason as hint; the caller explains both.
 */
export async function updateProfile(userId: string, values: MyProfile): Promise<MyProfile> {
  const { data, error } = await supabase
    .from('profiles')
    .update({ username: normalizeUsername(values.username), favorite_club_id: values.favoriteClubId })
    .eq('id', userId)
    .select('username, favorite_club_id')
    .single();
  if (error) throw error;
  return { username: data.username, favoriteClubId: data.favorite_club_id };
}
