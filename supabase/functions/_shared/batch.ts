// The progress of an admin's long send (public.notification_batches, issue 33): the row is
// written when the send knows how many it will send, moved on at most every half second while
// it runs (a row update per mail would cost as much as the mail), and closed at the end. A
// failed progress write never stops the send: the mails matter more than the counter.
import type { SupabaseClient } from '@supabase/supabase-js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EVERY_MS = 500;

/** The batch id the admin's browser chose, or a new one. */
export function batchId(value: unknown): string {
  return typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : crypto.randomUUID();
}

export interface Batch {
  /** Counts so far; written at most every half second. */
  progress(sent: number, failed: number): void;
  /** The final counts, and the send is over. */
  finish(sent: number, failed: number): Promise<void>;
}

export async function startBatch(
  service: SupabaseClient,
  row: { id: string; kind: 'reminder' | 'scores' | 'custom'; quinielaId?: number | null; total: number; startedBy?: string | null },
): Promise<Batch> {
  const { error } = await service.from('notification_batches').insert({
    id: row.id, kind: row.kind, quiniela_id: row.quinielaId ?? null, total: row.total, started_by: row.startedBy ?? null,
  });
  if (error) console.error('progreso del envío no guardado', error.message);
  let lastWrite = 0;
  let writing: Promise<unknown> = Promise.resolve();
  const write = (fields: Record<string, unknown>) => {
    writing = writing.then(() => service.from('notification_batches').update(fields).eq('id', row.id)).catch(() => undefined);
    return writing;
  };
  return {
    progress(sent, failed) {
      const now = Date.now();
      if (now - lastWrite < EVERY_MS) return;
      lastWrite = now;
      void write({ sent, failed });
    },
    async finish(sent, failed) {
      await write({ sent, failed, finished_at: new Date().toISOString() });
    },
  };
}
