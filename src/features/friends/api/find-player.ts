// A player by username, for the add-a-friend field (public.find_player, case-insensitive).
import { supabase } from '@/lib/supabase';

export interface FoundPlayer {
  id: string;
  username: string;
}

export async function findPlayer(username: string): Promise<FoundPlayer | null> {
  const { data, error } = await supabase.rpc('find_player', { username_input: username });
  if (error) throw error;
  return data[0] ? { id: data[0].id, username: data[0].username } : null;
}
