// The offline outbox shared by every lane of things a player taps offline: picks, Boost answers
// and Pro picks (docs/offline-picks.md). A lane is its storage (its drafts table, its outbox table,
// the item and the batch of an entry) and its row on the server (a table, the upsert's conflict
// columns, an entry → row mapping and the receipt of a returned row); one REST sender here sends
// every lane's batches, for the app and the service worker alike. A tap writes the draft and its
// outbox entry in one transaction with a monotonic version; a flush sends every lane's entries
// (one request per batch: a round's picks, a game's answer, an entry's Pro picks) and settles the
// drafts still at the sent version: saved with the server's time, refused because the round or
// game closed, or refused for good with the database's reason (src/lib/outbox-verdict.ts), which
// never holds back the other items. One flush at a time across tabs and the service worker (Web
// Locks), so an older version never lands after a newer one.
// Shared with the service worker: no DOM-only APIs, no supabase-js here.
import type { Table } from 'dexie';
import type { DraftKey, DraftStatus, QuinielazoDb } from './db';
import { newCacheEpoch } from './cache-epoch';
import { writeWithRoom } from './db';
import { sendVerdict, type RestErrorBody, type SendVerdict } from './outbox-verdict';

export const OUTBOX_SYNC_TAG = 'quinielazo-outbox';
const OUTBOX_LOCK = 'quinielazo-outbox';
/** Sent by the service worker to open tabs when it cannot send the outbox itself. */
export const FLUSH_MESSAGE = 'quinielazo:flush-outbox';

export interface DraftBase {
  userId: string;
  version: number;
  status: DraftStatus;
  savedAt: string | null;
  /** Refused for good, not for the close: the reason the player reads (set with 'rejected'). */
  refusal?: string;
}

export interface EntryBase {
  userId: string;
  version: number;
  idempotencyKey: string;
  queuedAt: number;
  attempts: number;
}

/** What the sender makes of one batch's answer; `receipts` maps an item id to the server's time. */
type LaneOutcome =
  | { kind: 'saved'; receipts: Map<number | string, string> }
  /** The server refused: the round or game is closed (PostgREST 42501). */
  | { kind: 'closed' }
  /** Refused for good for another reason (invalid answer, integrity): `reason` in Spanish. */
  | { kind: 'refused'; reason: string }
  /** Not now (no signal, server trouble, expired token): keep the entries and try later. */
  | { kind: 'retry'; reason: string; auth?: boolean };

/** Where a lane keeps the player's taps: enough to record a draft, nothing about sending. */
export interface LaneStore<D extends DraftBase, E extends EntryBase> {
  drafts(db: QuinielazoDb): Table<D, DraftKey>;
  outbox(db: QuinielazoDb): Table<E, DraftKey>;
  /** The item an entry is about (match id, game id, Pro pick slot): with the user id, the key of both tables. */
  itemOf(entry: E): number | string;
  /** Entries with the same batch id go in one request. */
  batchOf(entry: E): number;
}

/** A row the server returns for a sent entry: its `updated_at` is the draft's receipt. */
export interface SavedRow {
  updated_at: string;
}

/** A lane: its storage and its upsert on PostgREST (one request per batch). */
export interface Lane<D extends DraftBase, E extends EntryBase, S extends SavedRow = SavedRow> extends LaneStore<D, E> {
  /** The table, and the unique columns the upsert merges on. */
  table: string;
  onConflict: string;
  /** The columns read back for the receipts. */
  returning: string;
  row(entry: E): object;
  /** The item a returned row is the receipt of (the same as `itemOf` of its entry). */
  itemOfSaved(row: S): number | string;
}

// A lane of any kind: the engine only touches the base fields.
export type AnyLane = Lane<DraftBase, EntryBase>;

/** Lets lanes of different kinds share one list: the engine only touches the base fields. */
export function anyLane<D extends DraftBase, E extends EntryBase, S extends SavedRow>(lane: Lane<D, E, S>): AnyLane {
  return lane as unknown as AnyLane;
}

/** Where and as whom a flush sends: the app's session, or the copy of it the service worker reads. */
export interface RestTarget {
  apiUrl: string;
  anonKey: string;
  /** The player's access token; null when there is none to send with (the flush waits). */
  accessToken(): Promise<string | null>;
  fetch?: typeof fetch;
}

export interface FlushReport {
  saved: number;
  /** Refused because the round or game closed. */
  rejected: number;
  /** Refused for good for another reason (the draft carries it in `refusal`). */
  refused: number;
  /** Entries still waiting after this flush. */
  waiting: number;
  retryReason: string | null;
  authProblem: boolean;
}

function newKey(): string {
  const c = globalThis.crypto;
  if (c && 'randomUUID' in c) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Records a tap: the draft and its outbox entry in one transaction. The version is above both
 * the clock and the previous version, so it only grows even when two tabs tap the same item.
 */
export async function recordDraft<D extends DraftBase, E extends EntryBase>(
  db: QuinielazoDb,
  lane: LaneStore<D, E>,
  key: DraftKey,
  draft: Omit<D, 'version' | 'status' | 'savedAt'>,
  entry: Omit<E, 'version' | 'idempotencyKey' | 'queuedAt' | 'attempts'>,
  now: number = Date.now(),
): Promise<D> {
  const drafts = lane.drafts(db);
  const outbox = lane.outbox(db);
  return writeWithRoom(db, () =>
    db.transaction('rw', drafts, outbox, async () => {
      const existing = await drafts.get(key);
      const version = Math.max(now, (existing?.version ?? 0) + 1);
      const stored = { ...draft, version, status: 'pending', savedAt: null } as D;
      await drafts.put(stored);
      await outbox.put({ ...entry, version, idempotencyKey: newKey(), queuedAt: now, attempts: 0 } as E);
      return stored;
    }),
  );
}

let localChain: Promise<unknown> = Promise.resolve();
/** One flush at a time across tabs and the service worker; in-process only where Web Locks are missing. */
function withOutboxLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (locks) return locks.request(OUTBOX_LOCK, work);
  const run = localChain.then(work, work);
  localChain = run.catch(() => undefined);
  return run;
}

/** Settles one sent batch: only entries and drafts still at the sent version change. */
async function settle(db: QuinielazoDb, lane: AnyLane, sent: EntryBase[], outcome: Exclude<LaneOutcome, { kind: 'retry' }>): Promise<number> {
  const drafts = lane.drafts(db);
  const outbox = lane.outbox(db);
  let settled = 0;
  await db.transaction('rw', drafts, outbox, async () => {
    for (const entry of sent) {
      const item = lane.itemOf(entry);
      const key: DraftKey = [entry.userId, item];
      const queued = await outbox.get(key);
      if (queued && queued.version === entry.version) await outbox.delete(key);
      const draft = await drafts.get(key);
      if (!draft || draft.version !== entry.version) continue;
      settled++;
      if (outcome.kind === 'saved') {
        await drafts.put({ ...draft, status: 'saved', savedAt: outcome.receipts.get(item) ?? new Date().toISOString() });
      } else {
        await drafts.put({ ...draft, status: 'rejected', ...(outcome.kind === 'refused' ? { refusal: outcome.reason } : {}) });
      }
    }
  });
  return settled;
}

/**
 * Sends everything the player has waiting in every lane, one request per batch. Loops while
 * taps arrive during a send (their newer versions stay queued), at most a few passes.
 */
export function flushLanes(db: QuinielazoDb, userId: string, lanes: readonly AnyLane[], target: RestTarget): Promise<FlushReport> {
  return withOutboxLock(async () => {
    const report: FlushReport = { saved: 0, rejected: 0, refused: 0, waiting: 0, retryReason: null, authProblem: false };
    for (let pass = 0; pass < 5 && report.retryReason === null; pass++) {
      let sentSomething = false;
      for (const lane of lanes) {
        if (report.retryReason !== null) break;
        const outbox = lane.outbox(db);
        const entries = await outbox.where('userId').equals(userId).toArray();
        const batches = new Map<number, EntryBase[]>();
        for (const entry of entries) batches.set(lane.batchOf(entry), [...(batches.get(lane.batchOf(entry)) ?? []), entry]);
        for (const batch of batches.values()) {
          sentSomething = true;
          const outcome = await sendBatch(target, lane, batch);
          if (outcome.kind === 'retry') {
            report.retryReason = outcome.reason;
            report.authProblem = outcome.auth ?? false;
            await db.transaction('rw', outbox, async () => {
              for (const e of batch) await outbox.update([e.userId, lane.itemOf(e)] satisfies DraftKey, { attempts: e.attempts + 1 });
            });
            break;
          }
          const settled = await settle(db, lane, batch, outcome);
          report[outcome.kind === 'saved' ? 'saved' : outcome.kind === 'closed' ? 'rejected' : 'refused'] += settled;
        }
      }
      if (!sentSomething) break;
    }
    for (const lane of lanes) report.waiting += await lane.outbox(db).where('userId').equals(userId).count();
    return report;
  });
}

/** Everything waiting in any lane, for every player (the service worker's retry check). */
export async function waitingCount(db: QuinielazoDb, lanes: readonly AnyLane[]): Promise<number> {
  let total = 0;
  for (const lane of lanes) total += await lane.outbox(db).count();
  return total;
}

/**
 * On sign-out: the read cache and the stored token go (never show one player's data to the
 * next); drafts already on the server go; drafts still waiting or refused stay, keyed by
 * their player, so nothing is silently lost and nobody else sees them.
 */
export async function forgetSignedOutUser(db: QuinielazoDb): Promise<void> {
  newCacheEpoch();
  await db.transaction('rw', [db.cache, db.meta, db.drafts, db.answerDrafts, db.proDrafts], async () => {
    await db.cache.clear();
    await db.meta.clear();
    await db.drafts.where('status').equals('saved').delete();
    await db.answerDrafts.where('status').equals('saved').delete();
    await db.proDrafts.where('status').equals('saved').delete();
  });
}

/**
 * The one sender: a lane's batch as one PostgREST upsert (merge on the lane's unique columns,
 * return the saved rows). What a failure means is `sendVerdict`'s: 42501 (closed) and other
 * refusals for good settle the batch, never retried; no signal, server trouble and a session to
 * refresh keep the entries for a later flush.
 */
async function sendBatch(target: RestTarget, lane: AnyLane, batch: EntryBase[]): Promise<LaneOutcome> {
  const accessToken = await target.accessToken();
  if (!accessToken) return { kind: 'retry', reason: 'sin sesión', auth: true };
  const doFetch = target.fetch ?? fetch;
  const query = new URLSearchParams({ on_conflict: lane.onConflict, select: lane.returning });
  let response: Response;
  try {
    response = await doFetch(`${target.apiUrl.replace(/\/$/, '')}/rest/v1/${lane.table}?${query}`, {
      method: 'POST',
      headers: {
        apikey: target.anonKey,
        Authorization: `Bearer ${accessToken}`,
        'Content-Type': 'application/json',
        Prefer: 'resolution=merge-duplicates,return=representation',
      },
      body: JSON.stringify(batch.map((entry) => lane.row(entry))),
    });
  } catch (error) {
    return outcomeOf(sendVerdict(null), error instanceof Error && error.message ? error.message : 'sin conexión');
  }
  if (response.ok) {
    const rows = (await response.json()) as SavedRow[];
    return { kind: 'saved', receipts: new Map(rows.map((row) => [lane.itemOfSaved(row), row.updated_at])) };
  }
  const body = (await response.json().catch(() => ({}))) as RestErrorBody;
  const verdict = sendVerdict(response.status, body);
  return outcomeOf(verdict, body.message ?? (verdict.kind === 'wait' && verdict.session ? 'sesión vencida' : `HTTP ${response.status}`));
}

/** A verdict as the engine settles it; `reason` says why a wait waits (the report's retryReason). */
function outcomeOf(verdict: SendVerdict, reason: string): LaneOutcome {
  if (verdict.kind !== 'wait') return verdict;
  return { kind: 'retry', reason, auth: verdict.session };
}
