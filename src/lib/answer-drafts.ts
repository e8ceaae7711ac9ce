// Boost answers on the shared outbox (src/lib/outbox.ts): the answer lane. An answer is in
// IndexedDB before anything goes to the network and is sent by the same flush, lock and
// background sync as picks: one upsert per game on (user_id, daily_game_id), refused (42501)
// once the game has locked by the database clock.
// Shared with the service worker: no DOM-only APIs, no supabase-js here.
import type { AnswerDraft, AnswerOutboxEntry, QuinielazoDb } from './db';
import { recordDraft, restUpsert, type Lane, type LaneOutcome } from './outbox';

export interface AnswerRow {
  user_id: string;
  daily_game_id: number;
  answer: string;
}

interface SavedAnswer {
  daily_game_id: number;
  answer: string;
  updated_at: string;
}

type AnswerOutcome = { kind: 'saved'; rows: SavedAnswer[] } | Exclude<LaneOutcome, { kind: 'saved' }>;
export type AnswerSender = (rows: AnswerRow[]) => Promise<AnswerOutcome>;

export function answerLane(send: AnswerSender): Lane<AnswerDraft, AnswerOutboxEntry> {
  return {
    drafts: (db) => db.answerDrafts,
    outbox: (db) => db.answerOutbox,
    itemOf: (entry) => entry.gameId,
    batchOf: (entry) => entry.gameId,
    async send(batch) {
      const outcome = await send(batch.map((e) => ({ user_id: e.userId, daily_game_id: e.gameId, answer: e.answer })));
      if (outcome.kind !== 'saved') return outcome;
      return { kind: 'saved', receipts: new Map(outcome.rows.map((row) => [row.daily_game_id, row.updated_at])) };
    },
  };
}

export interface AnswerInput {
  userId: string;
  gameId: number;
  answer: string;
  /** The game's lock_date. */
  deadline: string | null;
}

/** Records an answer: draft and outbox entry in one transaction (the newest answer wins). */
export function recordAnswer(db: QuinielazoDb, input: AnswerInput, now: number = Date.now()): Promise<AnswerDraft> {
  return recordDraft(
    db,
    answerLane(() => Promise.reject(new Error('not sending'))),
    [input.userId, input.gameId],
    input,
    { userId: input.userId, gameId: input.gameId, answer: input.answer },
    now,
  );
}

export function answerDraftOf(db: QuinielazoDb, userId: string, gameId: number): Promise<AnswerDraft | undefined> {
  return db.answerDrafts.get([userId, gameId]);
}

/** The service worker's sender: PostgREST's upsert with the stored token. */
export function restAnswerSender(opts: { apiUrl: string; anonKey: string; accessToken: string; fetch?: typeof fetch }): AnswerSender {
  return (rows) => restUpsert<SavedAnswer>(opts, 'daily_game_picks?on_conflict=user_id,daily_game_id&select=daily_game_id,answer,updated_at', rows);
}
