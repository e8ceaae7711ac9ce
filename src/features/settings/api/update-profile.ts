import { supabase } from '@/lib/supabase';
import type { MyProfile } from './get-my-profile';

/**
 * Saves the username (trimmed) and favourite club, returning what the database kept. A taken
 * name fails with Postgres' unique violation (code 23505) and is left to the caller to explain.
 */
export async function updateProfile(userId: string, values: MyProfile): Promise<MyProfile> {
  const { data, error } = await supabase
    .from('profiles')
    .update({ username: values.username.trim(), favorite_club_id: values.favoriteClubId })
    .eq('id', userId)
    .select('username, favorite_club_id')
    .single();
  if (error) throw error;
  return { username: data.username, favoriteClubId: data.favorite_club_id };
}
