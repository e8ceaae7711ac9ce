// Boost answers on the shared outbox (src/lib/outbox.ts): the answer lane. An answer is in
// IndexedDB before anything goes to the network and is sent by the same flush, lock and
// background sync as picks: one upsert per game on (user_id, daily_game_id), refused (42501)
// once the game has locked by the database clock.
// Shared with the service worker: no DOM-only APIs, no supabase-js here.
import type { AnswerDraft, AnswerOutboxEntry, QuinielazoDb } from '../db';
import { recordDraft, type Lane } from '../outbox';

/** The answer lane: one upsert per game, receipts by game. */
export const answersLane: Lane<AnswerDraft, AnswerOutboxEntry, { daily_game_id: number; updated_at: string }> = {
  drafts: (db) => db.answerDrafts,
  outbox: (db) => db.answerOutbox,
  itemOf: (entry) => entry.gameId,
  batchOf: (entry) => entry.gameId,
  table: 'daily_game_picks',
  onConflict: 'user_id,daily_game_id',
  returning: 'daily_game_id,answer,updated_at',
  row: (e) => ({ user_id: e.userId, daily_game_id: e.gameId, answer: e.answer }),
  itemOfSaved: (row) => row.daily_game_id,
};

export interface AnswerInput {
  userId: string;
  gameId: number;
  answer: string;
  /** The game's lock_date. */
  deadline: string | null;
}

/** Records an answer: draft and outbox entry in one transaction (the newest answer wins). */
export function recordAnswer(db: QuinielazoDb, input: AnswerInput, now: number = Date.now()): Promise<AnswerDraft> {
  return recordDraft(db, answersLane, [input.userId, input.gameId], input, { userId: input.userId, gameId: input.gameId, answer: input.answer }, now);
}

export function answerDraftOf(db: QuinielazoDb, userId: string, gameId: number): Promise<AnswerDraft | undefined> {
  return db.answerDrafts.get([userId, gameId]);
}
