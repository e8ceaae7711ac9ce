// Pro picks on the shared outbox (src/lib/outbox.ts, docs/offline-picks.md): the Pro lane. Each
// tap on an entry's match is a draft in IndexedDB first, then sent by the same flush, lock and
// background sync as free picks and Boost answers: one upsert per entry on
// (paid_entry_id, match_id), refused (42501) once the round has closed, or for an entry that is
// not the player's or was voided.
// Shared with the service worker: no DOM-only APIs, no supabase-js here.
import type { PickResult, ProPickDraft, ProPickOutboxEntry, QuinielazoDb } from '../db';
import { recordDraft, type Lane } from '../outbox';

const proSlot = (entryId: number, matchId: number) => `${entryId}:${matchId}`;

/** The Pro lane: one upsert per entry, receipts by slot (entry and match). */
export const proPicksLane: Lane<ProPickDraft, ProPickOutboxEntry, { paid_entry_id: number; match_id: number; updated_at: string }> = {
  drafts: (db) => db.proDrafts,
  outbox: (db) => db.proOutbox,
  itemOf: (entry) => entry.slot,
  batchOf: (entry) => entry.entryId,
  table: 'paid_picks',
  onConflict: 'paid_entry_id,match_id',
  returning: 'paid_entry_id,match_id,result,updated_at',
  row: (e) => ({ paid_entry_id: e.entryId, match_id: e.matchId, quiniela_id: e.quinielaId, result: e.result }),
  itemOfSaved: (row) => proSlot(row.paid_entry_id, row.match_id),
};

export interface ProTapInput {
  userId: string;
  entryId: number;
  matchId: number;
  quinielaId: number;
  result: PickResult;
  deadline: string | null;
}

/** Records a tap on an entry: draft and outbox entry in one transaction (the newest tap wins). */
export function recordProPick(db: QuinielazoDb, tap: ProTapInput, now: number = Date.now()): Promise<ProPickDraft> {
  const slot = proSlot(tap.entryId, tap.matchId);
  return recordDraft(
    db,
    proPicksLane,
    [tap.userId, slot],
    { ...tap, slot },
    { userId: tap.userId, slot, entryId: tap.entryId, matchId: tap.matchId, quinielaId: tap.quinielaId, result: tap.result },
    now,
  );
}

/** The player's Pro drafts of one round (every entry). */
export function proDraftsOfRound(db: QuinielazoDb, userId: string, quinielaId: number): Promise<ProPickDraft[]> {
  return db.proDrafts.where('[userId+quinielaId]').equals([userId, quinielaId]).toArray();
}
