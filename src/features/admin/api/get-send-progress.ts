// An admin send's progress (public.notification_batches, issue 33), read by its id.
import { supabase } from '@/lib/supabase';

export interface SendProgress {
  total: number;
  sent: number;
  failed: number;
  finished: boolean;
}

export async function getSendProgress(batchId: string): Promise<SendProgress | null> {
  const { data, error } = await supabase.from('notification_batches').select('total, sent, failed, finished_at').eq('id', batchId).maybeSingle();
  if (error) throw error;
  return data && { total: data.total, sent: data.sent, failed: data.failed, finished: data.finished_at !== null };
}
