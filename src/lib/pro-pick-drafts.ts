// Pro picks on the shared outbox (src/lib/outbox.ts, docs/offline-picks.md): the Pro lane. Each
// tap on an entry's match is a draft in IndexedDB first, then sent by the same flush, lock and
// background sync as free picks and Boost answers: one upsert per entry on
// (paid_entry_id, match_id), refused (42501) once the round has closed.
// Shared with the service worker: no DOM-only APIs, no supabase-js here.
import type { PickResult, ProPickDraft, ProPickOutboxEntry, QuinielazoDb } from './db';
import { recordDraft, restUpsert, type Lane, type LaneOutcome } from './outbox';

interface ProPickRow {
  paid_entry_id: number;
  match_id: number;
  quiniela_id: number;
  result: PickResult;
}

interface SavedProPick {
  paid_entry_id: number;
  match_id: number;
  result: string;
  updated_at: string;
}

type ProPickOutcome = { kind: 'saved'; rows: SavedProPick[] } | Exclude<LaneOutcome, { kind: 'saved' }>;
export type ProPickSender = (rows: ProPickRow[]) => Promise<ProPickOutcome>;

const proSlot = (entryId: number, matchId: number) => `${entryId}:${matchId}`;

export function proPickLane(send: ProPickSender): Lane<ProPickDraft, ProPickOutboxEntry> {
  return {
    drafts: (db) => db.proDrafts,
    outbox: (db) => db.proOutbox,
    itemOf: (entry) => entry.slot,
    batchOf: (entry) => entry.entryId,
    async send(batch) {
      const outcome = await send(batch.map((e) => ({ paid_entry_id: e.entryId, match_id: e.matchId, quiniela_id: e.quinielaId, result: e.result })));
      if (outcome.kind !== 'saved') return outcome;
      return { kind: 'saved', receipts: new Map(outcome.rows.map((row) => [proSlot(row.paid_entry_id, row.match_id), row.updated_at])) };
    },
  };
}

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
    proPickLane(() => Promise.reject(new Error('not sending'))),
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

/** The service worker's sender: PostgREST's upsert with the stored token. */
export function restProPickSender(opts: { apiUrl: string; anonKey: string; accessToken: string; fetch?: typeof fetch }): ProPickSender {
  return (rows) => restUpsert<SavedProPick>(opts, 'paid_picks?on_conflict=paid_entry_id,match_id&select=paid_entry_id,match_id,result,updated_at', rows);
}
