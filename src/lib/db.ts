// The app's one IndexedDB database (Dexie), shared by every tab and by the service worker:
// pick, Boost answer and Pro pick drafts (a tap lands here before anything else), the outboxes that send them, a read
// cache so the rounds a player has seen browse offline, and the session the service worker
// needs to send the outbox on its own. Schema changes are append-only `version(n)` steps.
// Must stay free of DOM-only APIs: service-worker/outbox-sync.ts imports it.
import { Dexie, type EntityTable, type Table } from 'dexie';
import { DB_NAME } from './db-name';

export type PickResult = 'Local' | 'Empate' | 'Visita';

/** Where a pick stands: waiting in the outbox, accepted by the server, or refused (the round closed, or for good: `refusal`). */
export type DraftStatus = 'pending' | 'saved' | 'rejected';

export interface PickDraft {
  userId: string;
  matchId: number;
  quinielaId: number;
  result: PickResult;
  /** Monotonic per pick (never goes down, across tabs): the newest tap wins. */
  version: number;
  status: DraftStatus;
  /** The server's `updated_at` of the accepted write (the receipt). */
  savedAt: string | null;
  /** Refused for good, not for the close: the database's reason, in Spanish (src/lib/outbox-verdict.ts). */
  refusal?: string;
  /** The round's deadline as known when tapped: past it a pending pick can no longer be sent. */
  deadline: string | null;
}

export interface OutboxEntry {
  userId: string;
  matchId: number;
  quinielaId: number;
  result: PickResult;
  /** The draft version this entry carries; only the latest draft of a pick is ever queued. */
  version: number;
  /** A random id per queued version. Nothing sends it: the write is an upsert on (user_id,
   * match_id), which a retry repeats harmlessly, so the server needs no key to recognise it. */
  idempotencyKey: string;
  queuedAt: number;
  attempts: number;
}

export interface CachedRead {
  key: string;
  /** Whose data this is ('' for public reads made signed out); cleared on sign-out. */
  userId: string;
  value: unknown;
  storedAt: number;
}

/** A Boost answer waiting, sent or refused: the same life as a pick draft (src/lib/outbox.ts). */
export interface AnswerDraft {
  userId: string;
  gameId: number;
  answer: string;
  version: number;
  status: DraftStatus;
  savedAt: string | null;
  /** Refused for good, not for the lock: the database's reason, in Spanish. */
  refusal?: string;
  /** The game's lock as known when answered: past it a pending answer can no longer be sent. */
  deadline: string | null;
}

export interface AnswerOutboxEntry {
  userId: string;
  gameId: number;
  answer: string;
  version: number;
  idempotencyKey: string;
  queuedAt: number;
  attempts: number;
}

/** The signed-in session as the service worker needs it to send the outbox without a tab. */
export interface StoredSession {
  key: 'session';
  userId: string;
  accessToken: string;
  /** Seconds since the epoch, as supabase-js reports it. */
  expiresAt: number;
  apiUrl: string;
  anonKey: string;
}

/** A Pro pick waiting, sent or refused: one per player, entry and match (the same life as a pick draft). */
export interface ProPickDraft {
  userId: string;
  /** `${entryId}:${matchId}`: a player has up to several entries with the same matches. */
  slot: string;
  entryId: number;
  matchId: number;
  quinielaId: number;
  result: PickResult;
  version: number;
  status: DraftStatus;
  savedAt: string | null;
  /** Refused for good, not for the close: the database's reason, in Spanish. */
  refusal?: string;
  deadline: string | null;
}

export interface ProPickOutboxEntry {
  userId: string;
  slot: string;
  entryId: number;
  matchId: number;
  quinielaId: number;
  result: PickResult;
  version: number;
  idempotencyKey: string;
  queuedAt: number;
  attempts: number;
}

/** The key of any lane's drafts and outbox: the player and the item (a number, or a Pro pick's slot). */
export type DraftKey = [string, number | string];


export class QuinielazoDb extends Dexie {
  drafts!: Table<PickDraft, DraftKey>;
  outbox!: Table<OutboxEntry, DraftKey>;
  cache!: EntityTable<CachedRead, 'key'>;
  meta!: EntityTable<StoredSession, 'key'>;
  answerDrafts!: Table<AnswerDraft, DraftKey>;
  answerOutbox!: Table<AnswerOutboxEntry, DraftKey>;
  proDrafts!: Table<ProPickDraft, DraftKey>;
  proOutbox!: Table<ProPickOutboxEntry, DraftKey>;

  constructor(name: string = DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores({
      drafts: '[userId+matchId], [userId+quinielaId], status',
      outbox: '[userId+matchId], userId, quinielaId',
      cache: 'key, userId',
      meta: 'key',
    });
    // Boost answers: same keys and life as picks, one per player and game.
    this.version(2).stores({
      answerDrafts: '[userId+gameId], userId, status',
      answerOutbox: '[userId+gameId], userId',
    });
    // Pro picks: one per player, entry and match, sent per entry. (Version 10 leaves room for
    // other steps; Dexie only needs versions to grow.)
    this.version(10).stores({
      proDrafts: '[userId+slot], [userId+quinielaId], userId, status',
      proOutbox: '[userId+slot], userId',
    });
  }
}

let shared: QuinielazoDb | undefined;
/** The database of this tab / worker, opened on first use. */
export function getDb(): QuinielazoDb {
  shared ??= new QuinielazoDb();
  return shared;
}

/** True when a write failed because the device is out of storage space. */
export function isQuotaError(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const name = (current as { name?: unknown }).name;
    if (name === 'QuotaExceededError' || name === 'QuotaExceeded') return true;
    current = (current as { inner?: unknown }).inner;
  }
  return false;
}

/**
 * Makes room after a quota error: the read cache is only a convenience, drafts and the outbox
 * are the player's picks and are never evicted.
 */
async function freeSpace(db: QuinielazoDb = getDb()): Promise<void> {
  await db.cache.clear();
}

/** Runs a write; on a quota error frees the read cache once and tries again. */
export async function writeWithRoom<T>(db: QuinielazoDb, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    await freeSpace(db);
    return write();
  }
}
