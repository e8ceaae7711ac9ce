// Offline pick drafts: the picks lane of the shared outbox (src/lib/outbox.ts,
// docs/offline-picks.md). A tap is written to IndexedDB first, as a draft with a per-pick
// monotonic version, together with an outbox entry that carries only that latest version. A
// flush sends the outbox as an upsert on (user_id, match_id) per round and settles each draft:
// saved with the server's time, or refused because the round closed.
// Shared with the service worker: no DOM-only APIs, no supabase-js here.
import type { OutboxEntry, PickDraft, PickResult, QuinielazoDb } from './db';
import { anyLane, flushLanes, recordDraft, restUpsert, type FlushReport, type Lane } from './outbox';

export { forgetSignedOutUser, OUTBOX_SYNC_TAG, type FlushReport } from './outbox';

export interface PickRow {
  user_id: string;
  match_id: number;
  quiniela_id: number;
  result: PickResult;
}

interface SavedRow {
  match_id: number;
  result: string;
  updated_at: string;
}

/** What a sender reports for one round's batch. */
export type SendOutcome =
  | { kind: 'saved'; rows: SavedRow[] }
  /** The server refused: the round is closed (PostgREST 42501). */
  | { kind: 'closed' }
  /** Not now (no signal, server trouble, expired token): keep the entries and try later. */
  | { kind: 'retry'; reason: string; auth?: boolean };

export type Sender = (rows: PickRow[]) => Promise<SendOutcome>;

export interface TapInput {
  userId: string;
  matchId: number;
  quinielaId: number;
  result: PickResult;
  deadline: string | null;
}

/** The picks lane: one upsert per round, receipts by match. */
export function pickLane(send: Sender): Lane<PickDraft, OutboxEntry> {
  return {
    drafts: (db) => db.drafts,
    outbox: (db) => db.outbox,
    itemOf: (entry) => entry.matchId,
    batchOf: (entry) => entry.quinielaId,
    async send(batch) {
      const outcome = await send(batch.map((e) => ({ user_id: e.userId, match_id: e.matchId, quiniela_id: e.quinielaId, result: e.result })));
      if (outcome.kind !== 'saved') return outcome;
      return { kind: 'saved', receipts: new Map(outcome.rows.map((row) => [row.match_id, row.updated_at])) };
    },
  };
}

/** Records a tap: the draft and its outbox entry in one transaction (the newest tap wins). */
export function recordPick(db: QuinielazoDb, tap: TapInput, now: number = Date.now()): Promise<PickDraft> {
  return recordDraft(
    db,
    pickLane(() => Promise.reject(new Error('not sending'))),
    [tap.userId, tap.matchId],
    tap,
    { userId: tap.userId, matchId: tap.matchId, quinielaId: tap.quinielaId, result: tap.result },
    now,
  );
}

/** Sends the player's waiting picks only (the app and the service worker flush every lane). */
export function flushOutbox(db: QuinielazoDb, userId: string, send: Sender): Promise<FlushReport> {
  return flushLanes(db, userId, [anyLane(pickLane(send))]);
}

/** The player's drafts of one round. */
export function draftsOfRound(db: QuinielazoDb, userId: string, quinielaId: number): Promise<PickDraft[]> {
  return db.drafts.where('[userId+quinielaId]').equals([userId, quinielaId]).toArray();
}

/** How the service worker (and anything without supabase-js) sends a batch: PostgREST's upsert. */
export function restSender(opts: { apiUrl: string; anonKey: string; accessToken: string; fetch?: typeof fetch }): Sender {
  return (rows) => restUpsert<SavedRow>(opts, 'picks?on_conflict=user_id,match_id&select=match_id,result,updated_at', rows);
}
