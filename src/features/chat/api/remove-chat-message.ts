// An admin removes a message; everyone's screen drops it when the delete arrives live.
import { supabase } from '@/lib/supabase';

/** True when the message is gone (also when someone removed it first). */
export async function removeChatMessage(id: number): Promise<boolean> {
  const { error } = await supabase.from('chat_messages').delete().eq('id', id);
  return error === null;
}
