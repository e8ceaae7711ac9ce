// The friends a player added by username (the others are his referrals and his referrer):
// list, add, remove. The database caps them at 50 and refuses adding himself.
import { supabase } from '@/lib/supabase';

export async function listAddedFriends(userId: string): Promise<Set<string>> {
  const { data, error } = await supabase.from('friends').select('friend_id').eq('user_id', userId);
  if (error) throw error;
  return new Set(data.map((f) => f.friend_id));
}

export type AddOutcome = 'added' | 'already' | 'full' | 'failed';

export async function addFriend(userId: string, friendId: string): Promise<AddOutcome> {
  const { error } = await supabase.from('friends').insert({ user_id: userId, friend_id: friendId });
  if (!error) return 'added';
  if (error.code === '23505') return 'already';
  if (error.code === '23514' && /50 amigos/.test(error.message)) return 'full';
  return 'failed';
}

export async function removeFriend(userId: string, friendId: string): Promise<void> {
  const { error } = await supabase.from('friends').delete().eq('user_id', userId).eq('friend_id', friendId);
  if (error) throw error;
}
