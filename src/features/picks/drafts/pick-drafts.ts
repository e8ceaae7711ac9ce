// Offline pick drafts and the outbox (docs/offline-picks.md). A tap is written to IndexedDB
// first, as a draft with a per-pick monotonic version, together with an outbox entry that
// carries only that latest version. A flush sends the outbox as an upsert on (user_id,
// match_id) and settles each draft: saved with the server's time, or refused because the round
// closed. Flushes are serialised across tabs and the service worker (Web Locks), so an older
// version can never reach the server after a newer one.
// Shared with the service worker: no DOM-only APIs, no supabase-js here.
import type { OutboxEntry, PickDraft, PickKey, PickResult, QuinielazoDb } from '../../../lib/db';
import { writeWithRoom } from '../../../lib/db';

export const OUTBOX_SYNC_TAG = 'quinielazo-outbox';
export const OUTBOX_LOCK = 'quinielazo-outbox';
/** Sent by the service worker to open tabs when it cannot send the outbox itself. */
export const FLUSH_MESSAGE = 'quinielazo:flush-outbox';

export interface PickRow {
  user_id: string;
  match_id: number;
  quiniela_id: number;
  result: PickResult;
}

export interface SavedRow {
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

export interface FlushReport {
  saved: number;
  rejected: number;
  /** Entries still waiting after this flush. */
  waiting: number;
  retryReason: string | null;
  authProblem: boolean;
}

export interface TapInput {
  userId: string;
  matchId: number;
  quinielaId: number;
  result: PickResult;
  deadline: string | null;
}

function newKey(): string {
  const c = globalThis.crypto;
  if (c && 'randomUUID' in c) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Records a tap: the draft and its outbox entry in one transaction. The version is above both
 * the clock and the previous version, so it only grows even when two tabs tap the same match.
 */
export async function recordPick(db: QuinielazoDb, tap: TapInput, now: number = Date.now()): Promise<PickDraft> {
  return writeWithRoom(db, () =>
    db.transaction('rw', db.drafts, db.outbox, async () => {
      const existing = await db.drafts.get([tap.userId, tap.matchId]);
      const version = Math.max(now, (existing?.version ?? 0) + 1);
      const draft: PickDraft = { ...tap, version, status: 'pending', savedAt: null };
      await db.drafts.put(draft);
      const entry: OutboxEntry = {
        userId: tap.userId,
        matchId: tap.matchId,
        quinielaId: tap.quinielaId,
        result: tap.result,
        version,
        idempotencyKey: newKey(),
        queuedAt: now,
        attempts: 0,
      };
      await db.outbox.put(entry);
      return draft;
    }),
  );
}

let localChain: Promise<unknown> = Promise.resolve();
/** One flush at a time across tabs and the service worker; in-process only where Web Locks are missing. */
export function withOutboxLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (locks) return locks.request(OUTBOX_LOCK, work);
  const run = localChain.then(work, work);
  localChain = run.catch(() => undefined);
  return run;
}

/** Settles one sent batch: only entries and drafts still at the sent version change. */
async function settle(db: QuinielazoDb, sent: OutboxEntry[], outcome: Exclude<SendOutcome, { kind: 'retry' }>): Promise<number> {
  const savedAt = new Map<number, string>();
  if (outcome.kind === 'saved') for (const row of outcome.rows) savedAt.set(row.match_id, row.updated_at);
  let settled = 0;
  await db.transaction('rw', db.drafts, db.outbox, async () => {
    for (const entry of sent) {
      const key: PickKey = [entry.userId, entry.matchId];
      const queued = await db.outbox.get(key);
      if (queued && queued.version === entry.version) await db.outbox.delete(key);
      const draft = await db.drafts.get(key);
      if (!draft || draft.version !== entry.version) continue;
      settled++;
      if (outcome.kind === 'saved') {
        await db.drafts.put({ ...draft, status: 'saved', savedAt: savedAt.get(entry.matchId) ?? new Date().toISOString() });
      } else {
        await db.drafts.put({ ...draft, status: 'rejected' });
      }
    }
  });
  return settled;
}

/**
 * Sends everything the player has waiting, one upsert per round. Loops while taps arrive
 * during a send (their newer versions stay queued), at most a few rounds.
 */
export function flushOutbox(db: QuinielazoDb, userId: string, send: Sender): Promise<FlushReport> {
  return withOutboxLock(async () => {
    const report: FlushReport = { saved: 0, rejected: 0, waiting: 0, retryReason: null, authProblem: false };
    for (let pass = 0; pass < 5 && report.retryReason === null; pass++) {
      const entries = await db.outbox.where('userId').equals(userId).toArray();
      if (entries.length === 0) break;
      const byRound = new Map<number, OutboxEntry[]>();
      for (const entry of entries) byRound.set(entry.quinielaId, [...(byRound.get(entry.quinielaId) ?? []), entry]);
      for (const batch of byRound.values()) {
        const outcome = await send(
          batch.map((e) => ({ user_id: e.userId, match_id: e.matchId, quiniela_id: e.quinielaId, result: e.result })),
        );
        if (outcome.kind === 'retry') {
          report.retryReason = outcome.reason;
          report.authProblem = outcome.auth ?? false;
          await db.transaction('rw', db.outbox, async () => {
            for (const e of batch) await db.outbox.update([e.userId, e.matchId] satisfies PickKey, { attempts: e.attempts + 1 });
          });
          break;
        }
        const settled = await settle(db, batch, outcome);
        if (outcome.kind === 'saved') report.saved += settled;
        else report.rejected += settled;
      }
    }
    report.waiting = await db.outbox.where('userId').equals(userId).count();
    return report;
  });
}

/** The player's drafts of one round. */
export function draftsOfRound(db: QuinielazoDb, userId: string, quinielaId: number): Promise<PickDraft[]> {
  return db.drafts.where('[userId+quinielaId]').equals([userId, quinielaId]).toArray();
}

/**
 * On sign-out: the read cache and the stored token go (never show one player's data to the
 * next); drafts already on the server go; picks still waiting or refused stay, keyed by
 * their player, so nothing is silently lost and nobody else sees them.
 */
export async function forgetSignedOutUser(db: QuinielazoDb): Promise<void> {
  await db.transaction('rw', db.cache, db.meta, db.drafts, async () => {
    await db.cache.clear();
    await db.meta.clear();
    await db.drafts.where('status').equals('saved').delete();
  });
}

/** How the service worker (and anything without supabase-js) sends a batch: PostgREST's upsert. */
export function restSender(opts: { apiUrl: string; anonKey: string; accessToken: string; fetch?: typeof fetch }): Sender {
  const doFetch = opts.fetch ?? fetch;
  return async (rows) => {
    let response: Response;
    try {
      response = await doFetch(`${opts.apiUrl}/rest/v1/picks?on_conflict=user_id,match_id&select=match_id,result,updated_at`, {
        method: 'POST',
        headers: {
          apikey: opts.anonKey,
          Authorization: `Bearer ${opts.accessToken}`,
          'Content-Type': 'application/json',
          Prefer: 'resolution=merge-duplicates,return=representation',
        },
        body: JSON.stringify(rows),
      });
    } catch (error) {
      return { kind: 'retry', reason: error instanceof Error ? error.message : 'sin conexión' };
    }
    if (response.ok) return { kind: 'saved', rows: (await response.json()) as SavedRow[] };
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    if (body.code === '42501') return { kind: 'closed' };
    if (response.status === 401) return { kind: 'retry', reason: body.message ?? 'token vencido', auth: true };
    return { kind: 'retry', reason: body.message ?? `HTTP ${response.status}` };
  };
}
