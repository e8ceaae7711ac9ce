import { supabase } from '@/lib/supabase';

export interface MyProfile {
  username: string;
  favoriteClubId: number | null;
}

/** The signed-in player's editable profile fields. */
export async function getMyProfile(userId: string): Promise<MyProfile> {
  const { data, error } = await supabase.from('profiles').select('username, favorite_club_id').eq('id', userId).single();
  if (error) throw error;
  return { username: data.username, favoriteClubId: data.favorite_club_id };
}
