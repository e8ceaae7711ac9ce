// Offline pick drafts: the picks lane of the shared outbox (src/lib/outbox.ts,
// docs/offline-picks.md). A tap is written to IndexedDB first, as a draft with a per-pick
// monotonic version, together with an outbox entry that carries only that latest version. A
// flush sends the outbox as an upsert on (user_id, match_id) per round and settles each draft:
// saved with the server's time, or refused because the round closed.
// Shared with the service worker: no DOM-only APIs, no supabase-js here.
import type { OutboxEntry, PickDraft, PickResult, QuinielazoDb } from '../db';
import { recordDraft, type Lane } from '../outbox';

/** A pick as the picks table takes it. */
export interface PickRow {
  user_id: string;
  match_id: number;
  quiniela_id: number;
  result: PickResult;
}

export interface TapInput {
  userId: string;
  matchId: number;
  quinielaId: number;
  result: PickResult;
  deadline: string | null;
}

/** The picks lane: one upsert per round, receipts by match. */
export const picksLane: Lane<PickDraft, OutboxEntry, { match_id: number; updated_at: string }> = {
  drafts: (db) => db.drafts,
  outbox: (db) => db.outbox,
  itemOf: (entry) => entry.matchId,
  batchOf: (entry) => entry.quinielaId,
  table: 'picks',
  onConflict: 'user_id,match_id',
  returning: 'match_id,result,updated_at',
  row: (e): PickRow => ({ user_id: e.userId, match_id: e.matchId, quiniela_id: e.quinielaId, result: e.result }),
  itemOfSaved: (row) => row.match_id,
};

/** Records a tap: the draft and its outbox entry in one transaction (the newest tap wins). */
export function recordPick(db: QuinielazoDb, tap: TapInput, now: number = Date.now()): Promise<PickDraft> {
  return recordDraft(
    db,
    picksLane,
    [tap.userId, tap.matchId],
    tap,
    { userId: tap.userId, matchId: tap.matchId, quinielaId: tap.quinielaId, result: tap.result },
    now,
  );
}

/** The player's drafts of one round. */
export function draftsOfRound(db: QuinielazoDb, userId: string, quinielaId: number): Promise<PickDraft[]> {
  return db.drafts.where('[userId+quinielaId]').equals([userId, quinielaId]).toArray();
}
