// The local Realtime: a WebSocket server speaking Phoenix channels as realtime-js does
// (protocol 2.0.0 and 1.0.0), delivering postgres_changes for tables in publication
// supabase_realtime. Hosted Supabase reads the WAL; here row triggers (schema.sql) queue each
// change and NOTIFY, and every change reaches a subscriber only if that subscriber's role and
// JWT claims can SELECT the row, checked in the database under RLS exactly as PostgREST would.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { JWTPayload } from 'jose';
import pg from 'pg';
import { WebSocket, WebSocketServer } from 'ws';
import { defaultKeyRing } from '../keys.ts';
import type { MountedService, PlatformContext } from '../service.ts';
import { bindingMatches, filterMatches, parseFilter, type ChangeType, type ParsedFilter, type PostgresBinding } from './filters.ts';
import {
  BATCH_TOO_BIG,
  CLIENT_PRESENCE_LIMIT,
  CLIENT_PRESENCE_MAX_CALLS,
  CLIENT_PRESENCE_WINDOW_MS,
  EventsRate,
  FRAMES_PER_TURN,
  INBOX_HIGH_WATER,
  INBOX_LOW_WATER,
  MAX_BUFFERED_BYTES,
  MAX_EVENTS_PER_SECOND,
  RATE_LIMIT_EXCEEDED,
  SENDS_PER_TURN,
  TOO_MANY_MESSAGES,
} from './limits.ts';
import { decodeFrame, encodeFrame, type Frame, type Vsn } from './protocol.ts';

const NOTIFY_CHANNEL = 'realtime_changes';
const DRAIN_BATCH = 500;
/** Safety net in case a notification is missed (e.g. the LISTEN connection was reconnecting). */
const DRAIN_INTERVAL_MS = 5000;
/** Grants change only with migrations; a short cache spares a query per change and role. */
const PRIVILEGE_CACHE_MS = 2000;
/**
 * Supabase Realtime's websocket `max_frame_size` (5,000,000 bytes, RealtimeWeb.Endpoint): a
 * bigger frame closes the connection with 1009 before it is buffered whole.
 */
const MAX_FRAME_BYTES = 5_000_000;
/** On shutdown, how long clients get to answer the close (1001 going away) before they are cut. */
const CLOSE_GRACE_MS = 500;

/** Installs the change capture (idempotent) and forgets changes queued while no server ran. */
export async function prepareRealtime(dbUrl: string): Promise<void> {
  const sql = await readFile(new URL('./schema.sql', import.meta.url), 'utf8');
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query(sql);
    await client.query('truncate realtime.changes, realtime.nodes');
  } finally {
    await client.end();
  }
}

/**
 * A cluster's nodes, named before any of them starts: from then on every change is queued once
 * per node (schema.sql), and each node drains its own queue (PlatformContext.realtimeNode).
 */
export async function registerRealtimeNodes(dbUrl: string, names: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query('insert into realtime.nodes (name) select unnest($1::text[]) on conflict do nothing', [names]);
  } finally {
    await client.end();
  }
}

export async function startRealtime(ctx: PlatformContext): Promise<MountedService> {
  const server = new RealtimeServer(ctx);
  await server.start();
  return server;
}

interface Binding {
  id: number;
  spec: PostgresBinding;
  filter?: ParsedFilter;
}

interface Subscription {
  conn: Connection;
  topic: string;
  joinRef: string | null;
  claims: JWTPayload;
  role: string;
  /** Subscribers with equal keys see exactly the same rows, so one RLS check serves them all. */
  claimsKey: string;
  bindings: Binding[];
  broadcastSelf: boolean;
  /** Joined with `private: true`: authorised by RLS on realtime.messages; broadcasts stay among private subscribers. */
  private: boolean;
  /** Whether this subscriber may send on its private channel (checked once, on its first broadcast). */
  canWrite?: Promise<boolean>;
  /** Whether this subscriber may track presence on its private channel (checked on its first track). */
  canTrack?: Promise<boolean>;
  /** Hosted's per-channel presence limit: calls in the current window, and when the window ends. */
  presenceCalls?: { count: number; resetAt: number };
  presenceKey: string;
  presenceMeta?: Record<string, unknown>;
  expiryTimer?: NodeJS.Timeout;
}

/** How often a change whose checks failed for a passing reason is dispatched before it is dropped (~25 s in all). */
const DELIVERY_TRIES = 15;

/**
 * A failure that says nothing of the change or its subscribers: the check's time ran out, the
 * database was busy or restarting, or a connection could not be made or was lost.
 */
function transient(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return /^(08|53|57|40001|40P01|55P03)/.test(code);
  return /timeout exceeded when trying to connect|Connection terminated|ECONNRESET|ECONNREFUSED/.test(String((e as Error | null)?.message ?? e));
}

/** Frames sent by every connection so far: how a socket's handling measures the work it caused. */
const sent = { frames: 0 };

class Connection {
  readonly channels = new Map<string, Subscription>();
  /** Frames read and not handled yet; handled one at a time, in order, though handling is async. */
  readonly inbox: Frame[] = [];
  pumping = false;
  constructor(
    readonly ws: WebSocket,
    readonly vsn: Vsn,
    readonly apikey: string | null,
    private readonly log: (m: string) => void,
  ) {}
  send(frame: Frame): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    this.ws.send(encodeFrame(this.vsn, frame));
    sent.frames++;
    // A client that does not read is cut off before its queue holds the platform's memory.
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log(`socket cut off: ${this.ws.bufferedAmount} bytes waiting unread`);
      this.ws.terminate();
    }
  }
  reply(to: Frame, status: 'ok' | 'error', response: unknown): void {
    this.send({ join_ref: to.join_ref, ref: to.ref, topic: to.topic, event: 'phx_reply', payload: { status, response } });
  }
  push(sub: Subscription, event: string, payload: unknown): void {
    this.send({ join_ref: sub.joinRef, ref: null, topic: sub.topic, event, payload });
  }
}

interface TableMeta {
  oid: number;
  schema: string;
  table: string;
  rls: boolean;
  identityFull: boolean;
  columns: Array<{ name: string; type: string }>;
  types: Map<string, string>;
  pk: string[];
}

interface ChangeRow {
  id: string;
  schema_name: string;
  table_name: string;
  op: ChangeType;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  commit_timestamp: Date;
}

type TokenCheck = { ok: true; claims: JWTPayload; role: string } | { ok: false; reason: string };

class RealtimeServer implements MountedService {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  private readonly connections = new Set<Connection>();
  private readonly pool: pg.Pool;
  private listener?: pg.Client;
  private readonly tables = new Map<string, TableMeta>();
  private readonly allowedRoles = new Map<string, boolean>();
  private readonly tablePrivileges = new Map<string, { readable: Set<string>; until: number }>();
  private nextBindingId = 1;
  /** The project's events per second (hosted's tenant events counter). */
  private readonly events: EventsRate;
  /** Hosted's tenant max_events_per_second: the default, or a bigger project's (a bench's). */
  private readonly maxEvents: number;
  private draining = false;
  private drainAgain = false;
  private closed = false;
  /** A local outage of the broadcast API (POST /__local/outage, service role only), what a test
   * makes fail: how many broadcast requests are still refused (Infinity: until switched off). */
  private broadcastOutage = 0;
  private closing?: Promise<void>;
  private relistenPending = false;
  private drainTimer?: NodeJS.Timeout;

  constructor(private readonly ctx: PlatformContext) {
    this.maxEvents = ctx.realtimeEventsPerSecond ?? MAX_EVENTS_PER_SECOND;
    this.events = new EventsRate(this.maxEvents, {
      tickMs: 1000,
      windowBuckets: 5,
      onTrigger: (avg) => this.log(`MessagePerSecondRateLimitReached: ${TOO_MANY_MESSAGES} (${Math.round(avg)} a second)`),
    });
    this.pool = new pg.Pool({ connectionString: ctx.dbUrl, max: 8, connectionTimeoutMillis: 5000 });
    this.pool.on('error', (e) => this.log(`pool error: ${e.message}`));
  }

  private log(m: string): void {
    this.ctx.log('realtime', m);
  }

  async start(): Promise<void> {
    await this.listen();
    this.events.start();
    this.drainTimer = setInterval(() => void this.drain(), DRAIN_INTERVAL_MS);
    this.drainTimer.unref();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.ctx.dbUrl });
    client.on('notification', () => void this.drain());
    client.on('error', (e) => {
      this.log(`LISTEN connection lost: ${e.message}`);
      if (this.listener === client) this.listener = undefined;
      client.end().catch(() => {});
      this.relisten();
    });
    await client.connect();
    await client.query(`listen ${NOTIFY_CHANNEL}`);
    this.listener = client;
    void this.drain();
  }

  private relisten(): void {
    if (this.closed || this.relistenPending) return;
    this.relistenPending = true;
    setTimeout(() => {
      this.relistenPending = false;
      if (this.closed || this.listener) return;
      this.listen().catch((e) => {
        this.log(`LISTEN reconnect failed: ${(e as Error).message}`);
        this.relisten();
      });
    }, 1000).unref();
  }

  // ---------------------------------------------------------------- HTTP and upgrades

  async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const url = new URL(path, 'http://localhost');
    const json = (status: number, body: unknown) =>
      void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'GET' && ['/api/health', '/api/ping', '/health'].includes(url.pathname)) {
      // Healthy means changes can flow: the database answers and the LISTEN connection is up.
      const dbUp = await this.pool.query('select 1').then(
        () => true,
        () => false,
      );
      if (!dbUp || !this.listener) return json(503, { status: 'error', reason: dbUp ? 'change listener reconnecting' : 'database unavailable' });
      return json(200, { status: 'ok', connections: this.connections.size });
    }
    if (req.method === 'POST' && url.pathname === '/__local/outage') return this.localOutage(req, json);
    // Hosted answers 503 while the project's Realtime is unavailable: the broadcast is not taken.
    // A counted outage counts only the server's broadcasts (the service role's), so a visitor's
    // request cannot use up the refusals a test meant for the poller.
    if (this.broadcastOutage > 0 && req.method === 'POST' && url.pathname.startsWith('/api/broadcast')) {
      if (this.broadcastOutage === Infinity || (await this.sentByServiceRole(req))) {
        this.broadcastOutage--;
        return json(503, { message: 'Realtime is unavailable' });
      }
    }
    if (req.method === 'POST' && url.pathname === '/api/broadcast') return this.httpBroadcast(req, json);
    if (req.method === 'POST' && url.pathname === '/api/cluster/broadcast') return this.clusterBroadcast(req, json);
    const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'POST' && single) return this.httpSend(req, res, url, single[1], single[2], json);
    return json(404, { message: 'Not found' });
  }

  /**
   * realtime-js's httpSend (2.109): POST /api/broadcast/:topic/events/:event, the payload as the
   * body (JSON, or binary as application/octet-stream), answered 202 with no body, as hosted
   * Realtime's BroadcastSingleController does.
   */
  private async httpSend(req: IncomingMessage, res: ServerResponse, url: URL, rawTopic: string, rawEvent: string, json: (status: number, body: unknown) => void): Promise<void> {
    const contentType = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (contentType && contentType !== 'application/json' && contentType !== 'application/octet-stream') {
      return json(415, { error: 'Unsupported Media Type. Use application/json or application/octet-stream' });
    }
    const token = requestToken(req);
    const check = token ? await this.verifyToken(token) : ({ ok: false, reason: 'No API key found in request' } as const);
    if (!check.ok) return json(401, { message: check.reason });
    let topic: string;
    let event: string;
    try {
      [topic, event] = [decodeURIComponent(rawTopic), decodeURIComponent(rawEvent)];
    } catch {
      return json(400, { message: 'invalid topic or event' });
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    let payload: unknown;
    if (contentType === 'application/octet-stream') payload = new Uint8Array(body);
    else {
      try {
        const parsed: unknown = body.length ? JSON.parse(body.toString('utf8')) : {};
        // Plug.Parsers puts a JSON value that is not an object under "_json".
        payload = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : { _json: parsed };
      } catch {
        return json(400, { message: 'invalid JSON body' });
      }
    }
    // Hosted Realtime's max_payload_size_in_kb (3,000) plus its 500 bytes of padding.
    if (body.length > 3_000_500) return json(422, { errors: { payload: ['Payload size exceeds tenant limit'] } });
    const isPrivate = url.searchParams.get('private') === 'true';
    if (isPrivate && !(await this.mayWrite(check.role, check.claims, topic))) return json(403, { message: 'Unauthorized' });
    if (this.events.average() >= this.maxEvents) return json(429, { message: RATE_LIMIT_EXCEEDED });
    this.events.add();
    const message = payload instanceof Uint8Array ? { type: 'broadcast', event, payload, binary: true } : { type: 'broadcast', event, payload };
    this.fanOutBroadcast(`realtime:${topic}`, message, undefined, isPrivate);
    res.writeHead(202).end();
  }

  /**
   * A broadcast another node of the cluster took (hosted: Phoenix.PubSub across the nodes): the
   * sender was checked there, so it goes to this node's subscribers as it is. Only a node (it
   * sends with the secret key) may call it.
   */
  private async clusterBroadcast(req: IncomingMessage, json: (status: number, body: unknown) => void): Promise<void> {
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const check = bearer ? await this.verifyToken(bearer) : ({ ok: false, reason: 'No API key found in request' } as const);
    if (!check.ok || check.role !== 'service_role') return json(401, { message: check.ok ? 'Unauthorized' : check.reason });
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const { topic, payload, private: isPrivate } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { topic: string; payload: unknown; private: boolean };
    this.fanOutBroadcast(topic, payload, undefined, isPrivate, false);
    return json(202, {});
  }

  /** Hands a broadcast this node took to the cluster's other nodes (none for a single node). */
  private relay(topic: string, payload: unknown, isPrivate: boolean): void {
    const peers = this.ctx.realtimePeers ?? [];
    if (peers.length === 0) return;
    const keys = this.ctx.keys ?? defaultKeyRing();
    const body = JSON.stringify({ topic, payload, private: isPrivate });
    // A kept-alive connection the peer has just closed fails the request before the peer read
    // it: sent again (three tries), as PubSub's links between nodes do not lose a message.
    const send = (peer: string, tries: number): void =>
      void fetch(`${peer}/api/cluster/broadcast`, {
        method: 'POST',
        headers: { apikey: keys.secretKey, authorization: `Bearer ${keys.secretKey}`, 'content-type': 'application/json' },
        body,
      }).then(
        (r) => (r.ok ? r.body?.cancel() : r.text().then((t) => this.log(`relay to ${peer}: ${r.status} ${t}`))),
        (e) => {
          this.log(`relay to ${peer} failed (try ${tries}): ${(e as Error).message}`);
          if (tries < 3 && !this.closed) send(peer, tries + 1);
        },
      );
    for (const peer of peers) send(peer, 1);
  }

  /**
   * `{mode: "unavailable" | "none", requests?}`: the broadcast API refuses (503) — the next
   * `requests` broadcasts only, when given — or takes messages again, as
   * the football stand-in's /__local/outage does for its API; sockets and their channels stay up.
   * Only the service role may switch it (the secret key), so no visitor can stop the broadcasts.
   */
  private async localOutage(req: IncomingMessage, json: (status: number, body: unknown) => void): Promise<void> {
    const token = requestToken(req);
    const check = token ? await this.verifyToken(token) : ({ ok: false, reason: 'No API key found in request' } as const);
    if (!check.ok || check.role !== 'service_role') return json(401, { message: check.ok ? 'Unauthorized' : check.reason });
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let mode: unknown;
    let requests: unknown;
    try {
      ({ mode, requests } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { mode?: unknown; requests?: unknown });
    } catch {
      return json(400, { message: 'invalid JSON body' });
    }
    if (mode !== 'unavailable' && mode !== 'none') return json(400, { message: 'mode must be "unavailable" or "none"' });
    if (requests !== undefined && !(Number.isInteger(requests) && (requests as number) > 0)) return json(400, { message: 'requests must be a positive integer' });
    this.broadcastOutage = mode === 'none' ? 0 : ((requests as number | undefined) ?? Infinity);
    return json(200, { mode, ...(requests === undefined ? {} : { requests }) });
  }

  /** Whether the request's token (bearer first, as below) is a valid service role key. */
  private async sentByServiceRole(req: IncomingMessage): Promise<boolean> {
    const token = requestToken(req);
    if (!token) return false;
    const check = await this.verifyToken(token);
    return check.ok && check.role === 'service_role';
  }

  /** realtime-js falls back to this when it sends a broadcast on a channel it has not joined. */
  private async httpBroadcast(req: IncomingMessage, json: (status: number, body: unknown) => void): Promise<void> {
    const token = requestToken(req);
    const check = token ? await this.verifyToken(token) : ({ ok: false, reason: 'No API key found in request' } as const);
    if (!check.ok) return json(401, { message: check.reason });
    let body: { messages?: Array<{ topic?: string; event?: string; payload?: unknown; private?: unknown }> };
    try {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    } catch {
      return json(400, { message: 'invalid JSON body' });
    }
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const rate = this.events.average();
    if (rate > this.maxEvents) return json(429, { message: RATE_LIMIT_EXCEEDED });
    if (rate + messages.length > this.maxEvents) return json(429, { message: BATCH_TOO_BIG });
    for (const m of messages) {
      if (typeof m.topic !== 'string' || typeof m.event !== 'string') continue;
      // A private message goes out only where the policies let the sender write (else dropped, as hosted does).
      if (m.private === true && !(await this.mayWrite(check.role, check.claims, m.topic))) continue;
      this.events.add();
      this.fanOutBroadcast(`realtime:${m.topic}`, { type: 'broadcast', event: m.event, payload: m.payload ?? {} }, undefined, m.private === true);
    }
    return json(202, {});
  }

  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, path: string): void {
    const url = new URL(path, 'http://localhost');
    const refuse = (status: string) => {
      socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
    };
    if (this.closed) return refuse('503 Service Unavailable');
    if (url.pathname !== '/websocket' && url.pathname !== '/websocket/') return refuse('404 Not Found');
    const vsnParam = url.searchParams.get('vsn') ?? '1.0.0';
    if (vsnParam !== '1.0.0' && vsnParam !== '2.0.0') return refuse('400 Bad Request');
    const apikey = url.searchParams.get('apikey');
    this.wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(new Connection(ws, vsnParam, apikey, (m) => this.log(m))));
  }

  private onConnection(conn: Connection): void {
    this.connections.add(conn);
    conn.ws.on('message', (data: Buffer, isBinary: boolean) => {
      let frame: Frame;
      try {
        frame = decodeFrame(conn.vsn, Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer), isBinary);
      } catch (e) {
        this.log(`undecodable frame dropped: ${(e as Error).message}`);
        return;
      }
      conn.inbox.push(frame);
      // Backpressure: a socket that sends faster than its frames are handled is not read further.
      if (conn.inbox.length >= INBOX_HIGH_WATER && !conn.ws.isPaused) conn.ws.pause();
      if (!conn.pumping) void this.pump(conn);
    });
    conn.ws.on('close', () => {
      conn.inbox.length = 0;
      this.connections.delete(conn);
      for (const sub of [...conn.channels.values()]) this.removeSubscription(sub);
    });
    conn.ws.on('error', (e) => this.log(`socket error: ${e.message}`));
  }

  /**
   * Handles a socket's frames in order. Every FRAMES_PER_TURN frames, or once they made
   * SENDS_PER_TURN frames go out, the event loop serves everything else (HTTP, other sockets)
   * before this socket goes on: one socket never holds the platform's one process.
   */
  private async pump(conn: Connection): Promise<void> {
    conn.pumping = true;
    try {
      let frames = 0;
      let sendsAtTurn = sent.frames;
      while (conn.inbox.length > 0) {
        const frame = conn.inbox.shift()!;
        try {
          await this.onFrame(conn, frame);
        } catch (e) {
          this.log(`error handling ${frame.event} on ${frame.topic}: ${(e as Error).stack ?? e}`);
        }
        if (conn.ws.isPaused && conn.inbox.length <= INBOX_LOW_WATER && conn.ws.readyState === WebSocket.OPEN) conn.ws.resume();
        if (++frames >= FRAMES_PER_TURN || sent.frames - sendsAtTurn >= SENDS_PER_TURN) {
          await new Promise((r) => setImmediate(r));
          frames = 0;
          sendsAtTurn = sent.frames;
        }
      }
    } finally {
      conn.pumping = false;
    }
  }

  // ---------------------------------------------------------------- channel protocol

  private async onFrame(conn: Connection, frame: Frame): Promise<void> {
    if (frame.topic === 'phoenix') {
      if (frame.event === 'heartbeat') conn.reply(frame, 'ok', {});
      return;
    }
    if (frame.event === 'phx_join') return this.join(conn, frame);
    const sub = conn.channels.get(frame.topic);
    if (!sub || (frame.join_ref && sub.joinRef && frame.join_ref !== sub.joinRef)) {
      if (frame.ref) conn.reply(frame, 'error', { reason: 'unmatched topic' });
      return;
    }
    switch (frame.event) {
      case 'phx_leave':
        conn.reply(frame, 'ok', {});
        this.removeSubscription(sub);
        return;
      case 'access_token':
        return this.updateToken(sub, frame);
      case 'broadcast':
        // On a private channel only a sender the policies let write is heard.
        if (sub.private) {
          sub.canWrite ??= this.mayWrite(sub.role, sub.claims, sub.topic.replace(/^realtime:/, ''));
          if (!(await sub.canWrite)) {
            if (frame.ref) conn.reply(frame, 'error', { reason: 'Unauthorized' });
            return;
          }
        }
        // The sender's event, then one per delivery: the channels it reaches while the project
        // is over its limit are shut down (as hosted does), and so is the sender's.
        this.events.add();
        this.fanOutBroadcast(sub.topic, frame.payload, sub, sub.private);
        if (this.overLimit(sub)) return;
        if (frame.ref) conn.reply(frame, 'ok', {});
        return;
      case 'presence': {
        if (!this.presenceCallAllowed(sub)) return this.shutDown(sub, CLIENT_PRESENCE_LIMIT);
        // On a private channel only a member the policies let write presence is tracked.
        if (sub.private && (frame.payload as { event?: unknown } | null)?.event === 'track') {
          sub.canTrack ??= this.mayWrite(sub.role, sub.claims, sub.topic.replace(/^realtime:/, ''), 'presence');
          if (!(await sub.canTrack)) {
            if (frame.ref) conn.reply(frame, 'error', {});
            return;
          }
        }
        this.presence(sub, frame);
        if (frame.ref) conn.reply(frame, 'ok', {});
        return;
      }
      default:
        this.events.add();
        if (this.overLimit(sub)) return;
        if (frame.ref) conn.reply(frame, 'ok', {});
    }
  }

  /**
   * Whether the project is over its events limit after a client's event; if so the sending
   * channel is shut down. (Hosted counts a sender's events but shuts down only the channels that
   * receive while over the limit, so a sender that does not hear its own broadcasts keeps
   * sending to nobody; here the sender is shut down too, and a flood stops at its source.)
   */
  private overLimit(sub: Subscription): boolean {
    if (!this.events.triggered) return false;
    this.shutDown(sub, TOO_MANY_MESSAGES);
    return true;
  }

  /**
   * Hosted's client presence limit (PresenceHandler.limit_client_presence_event): a channel may
   * make CLIENT_PRESENCE_MAX_CALLS presence calls in a window of CLIENT_PRESENCE_WINDOW_MS that
   * starts with the first; the next one shuts the channel down.
   */
  private presenceCallAllowed(sub: Subscription): boolean {
    const now = Date.now();
    if (!sub.presenceCalls || now > sub.presenceCalls.resetAt) {
      sub.presenceCalls = { count: 1, resetAt: now + CLIENT_PRESENCE_WINDOW_MS };
      return true;
    }
    if (sub.presenceCalls.count >= CLIENT_PRESENCE_MAX_CALLS) return false;
    sub.presenceCalls.count++;
    return true;
  }

  /** Hosted's shutdown_response: a system error on the channel, then its phx_close. */
  private shutDown(sub: Subscription, message: string): void {
    if (sub.conn.channels.get(sub.topic) !== sub) return;
    sub.conn.push(sub, 'system', { extension: 'system', status: 'error', message, channel: sub.topic.replace(/^realtime:/, '') });
    this.closeSubscription(sub);
  }

  private async join(conn: Connection, frame: Frame): Promise<void> {
    const payload = (frame.payload ?? {}) as { access_token?: string; config?: { postgres_changes?: unknown; presence?: unknown; broadcast?: { self?: unknown }; private?: unknown } };
    const config = payload.config ?? {};
    const token = payload.access_token ?? conn.apikey;
    if (!token) return conn.reply(frame, 'error', { reason: 'No access token: send apikey in the URL or access_token in the join payload' });
    const check = await this.verifyToken(token);
    if (!check.ok) return conn.reply(frame, 'error', { reason: check.reason });

    const specs: unknown[] = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
    const bindings: Binding[] = [];
    for (const raw of specs) {
      // Every field is checked by type here: one malformed binding (e.g. `event: ["*"]`) must be
      // refused to its own client, never reach the dispatcher that serves everyone.
      if (!validBinding(raw)) return conn.reply(frame, 'error', { reason: `invalid postgres_changes binding ${JSON.stringify(raw)}` });
      const spec = raw;
      let filter: ParsedFilter | undefined;
      if (spec.filter) {
        try {
          filter = parseFilter(spec.filter);
        } catch (e) {
          return conn.reply(frame, 'error', { reason: (e as Error).message });
        }
      }
      bindings.push({ id: this.nextBindingId++, spec, filter });
    }

    const isPrivate = config.private === true;
    if (isPrivate) {
      const subTopic = frame.topic.replace(/^realtime:/, '');
      if (!(await this.mayRead(check.role, check.claims, subTopic))) {
        return conn.reply(frame, 'error', { reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}` });
      }
    }

    const previous = conn.channels.get(frame.topic);
    if (previous) this.closeSubscription(previous);

    const presenceConfig = (config.presence ?? {}) as { key?: unknown; enabled?: boolean };
    const sub: Subscription = {
      conn,
      topic: frame.topic,
      joinRef: frame.join_ref ?? frame.ref,
      claims: check.claims,
      role: check.role,
      claimsKey: claimsKey(check.claims),
      bindings,
      broadcastSelf: config.broadcast?.self === true,
      private: isPrivate,
      presenceKey: typeof presenceConfig.key === 'string' && presenceConfig.key ? presenceConfig.key : randomUUID(),
    };
    if (bindings.length > 0) {
      // Tables added to the publication since the last DDL event still get their trigger.
      await this.pool.query('select realtime.sync_capture_triggers()').catch((e) => this.log(`trigger sync failed: ${e.message}`));
      this.tables.clear();
      this.tablePrivileges.clear();
    }
    // Hosted Realtime joins first and subscribes to the database after, in one transaction for all
    // the channel's bindings: a filter on a column the role cannot read (or that does not exist)
    // fails it, and the channel gets a system error and no changes at all.
    const refusal = bindings.length > 0 ? await this.filterRefusal(check.role, bindings) : undefined;
    if (refusal) sub.bindings = [];
    conn.channels.set(frame.topic, sub);
    this.scheduleExpiry(sub);
    conn.reply(frame, 'ok', { postgres_changes: bindings.map((b) => ({ ...b.spec, id: b.id })) });
    if (bindings.length > 0) {
      conn.push(sub, 'system', {
        status: refusal ? 'error' : 'ok',
        message: refusal ?? 'Subscribed to PostgreSQL',
        extension: 'postgres_changes',
        channel: frame.topic.replace(/^realtime:/, ''),
      });
    }
    if (presenceConfig.enabled) conn.push(sub, 'presence_state', this.presenceState(sub));
  }

  /**
   * Hosted Realtime's subscription check (realtime.subscription_check_filters): every filtered
   * column must be one the role may SELECT. Undefined when all are; else the system message.
   */
  private async filterRefusal(role: string, bindings: Binding[]): Promise<string | undefined> {
    for (const { spec, filter } of bindings) {
      if (!filter || !spec.table || spec.table === '*' || spec.schema === '*') continue;
      const { rows } = await this.pool.query<{ table_exists: boolean; readable: boolean }>(
        `select to_regclass(format('%I.%I', $1::text, $2::text)) is not null as table_exists,
                exists (select 1 from pg_attribute a
                        where a.attrelid = to_regclass(format('%I.%I', $1::text, $2::text)) and a.attname = $3 and a.attnum > 0 and not a.attisdropped
                          and has_column_privilege($4, a.attrelid, a.attname, 'SELECT')) as readable`,
        [spec.schema, spec.table, filter.column, role],
      );
      if (rows[0].readable) continue;
      const exception = rows[0].table_exists
        ? `ERROR P0001 (raise_exception) invalid column for filter ${filter.column}`
        : `ERROR 42P01 (undefined_table) relation "${spec.schema}.${spec.table}" does not exist`;
      const params = `event: ${spec.event}, schema: ${spec.schema}, table: ${spec.table}, filters: [{"${filter.column}", "${filter.op}", "${filter.values.join(',')}"}]`;
      return `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${params}]. Exception: ${exception}`;
    }
    return undefined;
  }

  private async updateToken(sub: Subscription, frame: Frame): Promise<void> {
    const token = (frame.payload as { access_token?: string } | null)?.access_token;
    if (!token) return;
    const check = await this.verifyToken(token);
    if (!check.ok) return this.shutDown(sub, check.reason);
    // Hosted authorises a private channel again with the new token (its policies are reset and
    // read again): one that may no longer read the topic is shut down, and sending is checked
    // anew on the next broadcast.
    if (sub.private) {
      const topic = sub.topic.replace(/^realtime:/, '');
      if (!(await this.mayRead(check.role, check.claims, topic))) return this.shutDown(sub, `You do not have permissions to read from this Channel topic: ${topic}`);
      sub.canWrite = undefined;
      sub.canTrack = undefined;
    }
    if (sub.conn.channels.get(sub.topic) !== sub) return;
    sub.claims = check.claims;
    sub.role = check.role;
    sub.claimsKey = claimsKey(check.claims);
    this.scheduleExpiry(sub);
  }

  /** Like the hosted server: when the channel's token expires, the channel is closed. */
  private scheduleExpiry(sub: Subscription): void {
    clearTimeout(sub.expiryTimer);
    if (typeof sub.claims.exp !== 'number') return;
    const ms = sub.claims.exp * 1000 - Date.now();
    sub.expiryTimer = setTimeout(() => this.shutDown(sub, 'Token has expired'), Math.max(0, Math.min(ms, 2 ** 31 - 1)));
    sub.expiryTimer.unref();
  }

  /** Server-initiated close: tell the client, then forget the subscription. */
  private closeSubscription(sub: Subscription): void {
    sub.conn.send({ join_ref: sub.joinRef, ref: sub.joinRef, topic: sub.topic, event: 'phx_close', payload: {} });
    this.removeSubscription(sub);
  }

  private removeSubscription(sub: Subscription): void {
    clearTimeout(sub.expiryTimer);
    if (sub.conn.channels.get(sub.topic) === sub) sub.conn.channels.delete(sub.topic);
    if (sub.presenceMeta) {
      const left = { [sub.presenceKey]: { metas: [sub.presenceMeta] } };
      sub.presenceMeta = undefined;
      this.forEachMember(sub, (s) => s.conn.push(s, 'presence_diff', { joins: {}, leaves: left }));
    }
  }

  /**
   * The subscriptions of a channel. A private channel and the public one of the same name are
   * different channels, as on hosted Realtime (its PubSub topics "<tenant>-private:<topic>" and
   * "<tenant>:<topic>"): broadcasts and presence never cross between them.
   */
  private forEachSubscription(topic: string, isPrivate: boolean, fn: (s: Subscription) => void): void {
    for (const conn of this.connections) {
      const s = conn.channels.get(topic);
      if (s && s.private === isPrivate) fn(s);
    }
  }

  private forEachMember(of: Subscription, fn: (s: Subscription) => void): void {
    this.forEachSubscription(of.topic, of.private, fn);
  }

  // ---------------------------------------------------------------- broadcast and presence

  private fanOutBroadcast(topic: string, payload: unknown, from: Subscription | undefined, isPrivate = false, relay = true): void {
    if (relay) this.relay(topic, payload, isPrivate);
    this.forEachSubscription(topic, isPrivate, (s) => {
      if (s === from && !s.broadcastSelf) return;
      s.conn.push(s, 'broadcast', payload);
      // Every delivery is an event; a channel receiving while the project is over the limit is shut down.
      this.events.add();
      if (this.events.triggered) this.shutDown(s, TOO_MANY_MESSAGES);
    });
  }

  private presence(sub: Subscription, frame: Frame): void {
    const p = (frame.payload ?? {}) as { event?: string; payload?: Record<string, unknown> };
    const leaves = sub.presenceMeta ? { [sub.presenceKey]: { metas: [sub.presenceMeta] } } : {};
    let joins = {};
    if (p.event === 'track') {
      sub.presenceMeta = { ...(p.payload ?? {}), phx_ref: randomUUID() };
      joins = { [sub.presenceKey]: { metas: [sub.presenceMeta] } };
    } else if (p.event === 'untrack') {
      sub.presenceMeta = undefined;
    } else return;
    this.forEachMember(sub, (s) => s.conn.push(s, 'presence_diff', { joins, leaves }));
  }

  private presenceState(of: Subscription): Record<string, { metas: unknown[] }> {
    // Keys are the clients' own: in a plain object `constructor` or `__proto__` would find what
    // every object inherits (and threw, leaving everyone after on that topic without a state).
    const state = new Map<string, { metas: unknown[] }>();
    this.forEachMember(of, (s) => {
      if (!s.presenceMeta) return;
      const entry = state.get(s.presenceKey) ?? { metas: [] };
      entry.metas.push(s.presenceMeta);
      state.set(s.presenceKey, entry);
    });
    return Object.fromEntries(state);
  }

  // ---------------------------------------------------------------- private channels

  /**
   * Hosted Realtime's read check (Realtime.Tenants.Authorization): probe rows for broadcast and
   * presence are inserted, then selected as the client's role and claims with realtime.topic()
   * set, under RLS, and everything is rolled back. Either row visible: the channel may be read.
   */
  private async mayRead(role: string, claims: JWTPayload, topic: string): Promise<boolean> {
    return this.asClient(role, claims, topic, async (client, setClaims) => {
      const ids = [randomUUID(), randomUUID()];
      await client.query(`insert into realtime.messages (id, topic, extension) values ($1, $3, 'broadcast'), ($2, $3, 'presence')`, [...ids, topic]);
      await setClaims();
      const { rows } = await client.query('select id from realtime.messages where id = any($1::uuid[])', [ids]);
      return rows.length > 0;
    });
  }

  /** The write check: an insert of a broadcast row for the topic as the client, under RLS. */
  private async mayWrite(role: string, claims: JWTPayload, topic: string, extension: 'broadcast' | 'presence' = 'broadcast'): Promise<boolean> {
    return this.asClient(role, claims, topic, async (client, setClaims) => {
      await setClaims();
      try {
        await client.query(`insert into realtime.messages (topic, extension) values ($1, $2)`, [topic, extension]);
        return true;
      } catch (e) {
        if ((e as { code?: string }).code === '42501') return false;
        throw e;
      }
    });
  }

  private async asClient(role: string, claims: JWTPayload, topic: string, probe: (client: pg.PoolClient, setClaims: () => Promise<unknown>) => Promise<boolean>): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const setClaims = () =>
        client.query(
          `select set_config('role', $1, true), set_config('realtime.topic', $2, true), set_config('request.jwt.claims', $3, true),
                  set_config('request.jwt.claim.sub', $4, true), set_config('request.jwt.claim.role', $1, true)`,
          [role, topic, JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : ''],
        );
      return await probe(client, setClaims);
    } catch (e) {
      // A policy that fails (a bad cast, a missing function) authorises nothing.
      this.log(`private channel check on ${topic} failed: ${(e as Error).message}`);
      return false;
    } finally {
      await client.query('rollback').catch(() => {});
      client.release();
    }
  }

  // ---------------------------------------------------------------- auth

  private async verifyToken(token: string): Promise<TokenCheck> {
    const keys = this.ctx.keys ?? defaultKeyRing();
    let claims: JWTPayload;
    try {
      // A publishable or secret key (the apikey a client joins with before it has a session):
      // the gateway already checked it; it stands for its role, as hosted Realtime takes it.
      if (token.startsWith('sb_')) {
        const verdict = keys.classifyApiKey(token);
        if (verdict.kind !== 'new') return { ok: false, reason: 'Invalid JWT Token: unknown API key' };
        token = await keys.apiKeyJwt(verdict.role);
      }
      // Any signing key not revoked (ES256 by its kid, or the legacy HS256 secret), exp required.
      claims = await keys.verify(token);
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === 'ERR_JWT_EXPIRED') return { ok: false, reason: 'Invalid JWT Token: Token has expired' };
      return { ok: false, reason: `Invalid JWT Token: ${(e as Error).message}` };
    }
    const role = claims.role;
    if (typeof role !== 'string' || !role) return { ok: false, reason: 'Invalid JWT Token: no role claim' };
    if (!(await this.roleAllowed(role))) return { ok: false, reason: `Invalid JWT Token: role "${role}" is not allowed` };
    return { ok: true, claims, role };
  }

  /** Only roles PostgREST could switch to (members of authenticator), never the superuser. */
  private async roleAllowed(role: string): Promise<boolean> {
    const known = this.allowedRoles.get(role);
    if (known !== undefined) return known;
    const { rows } = await this.pool.query(
      `select exists (select 1 from pg_roles where rolname = $1 and not rolsuper and pg_has_role('authenticator', rolname, 'member')) as ok`,
      [role],
    );
    this.allowedRoles.set(role, rows[0].ok);
    return rows[0].ok;
  }

  // ---------------------------------------------------------------- changes

  private async drain(): Promise<void> {
    if (this.closed) return;
    if (this.draining) {
      this.drainAgain = true;
      return;
    }
    this.draining = true;
    try {
      do {
        this.drainAgain = false;
        const { rows } = await this.pool.query<ChangeRow>(
          `delete from realtime.changes
           where id in (select id from realtime.changes where node = $1 order by id limit ${DRAIN_BATCH} for update skip locked)
           returning id, schema_name, table_name, op, record, old_record, commit_timestamp`,
          [this.ctx.realtimeNode ?? ''],
        );
        rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
        for (const row of rows) {
          if (this.closed) return;
          await this.deliver(row);
        }
        if (rows.length === DRAIN_BATCH) this.drainAgain = true;
      } while (this.drainAgain && !this.closed);
    } catch (e) {
      if (!this.closed) this.log(`drain failed: ${(e as Error).message}`);
    } finally {
      this.draining = false;
    }
  }

  /**
   * Dispatches a change, in order: a check that failed for a passing reason (the database busy,
   * a connection that took too long) is made again, as hosted's replication slot keeps a change
   * until it is read; dropping it left a subscriber one change short on a starved machine.
   */
  private async deliver(row: ChangeRow): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.dispatch(row);
      } catch (e) {
        if (this.closed) return;
        const again = transient(e) && attempt < DELIVERY_TRIES;
        this.log(`change ${row.id} on ${row.schema_name}.${row.table_name} ${again ? `held up, tried again (${attempt})` : 'not delivered'}: ${(e as Error).stack ?? e}`);
        if (!again) return;
        await new Promise((r) => setTimeout(r, Math.min(2000, 100 * 2 ** attempt)));
      }
    }
  }

  private async dispatch(change: ChangeRow): Promise<void> {
    const { schema_name: schema, table_name: table, op: type } = change;
    const filterRow = type === 'DELETE' ? change.old_record : change.record;
    // `ids`: the bindings whose filter the row passes; `all`: every binding of the event, which is
    // who hears an error (hosted's apply_rls sends it to every subscription of the role on the
    // table and action, before any filter is looked at).
    const candidates: Array<{ sub: Subscription; ids: number[]; all: number[] }> = [];
    let meta: TableMeta | undefined;
    for (const conn of this.connections) {
      for (const sub of conn.channels.values()) {
        // One subscriber's failure (a binding or filter that throws) skips that subscriber only.
        let matching: Binding[];
        try {
          matching = sub.bindings.filter((b) => bindingMatches(b.spec, schema, table, type));
        } catch (e) {
          this.log(`subscription ${sub.topic} skipped: ${(e as Error).message}`);
          continue;
        }
        if (matching.length === 0) continue;
        meta ??= await this.tableMeta(schema, table, filterRow);
        if (!meta) return;
        try {
          const ids = matching.filter((b) => !b.filter || filterMatches(b.filter, filterRow, meta!.types.get(b.filter.column))).map((b) => b.id);
          candidates.push({ sub, ids, all: matching.map((b) => b.id) });
        } catch (e) {
          this.log(`subscription ${sub.topic} skipped: ${(e as Error).message}`);
        }
      }
    }
    if (candidates.length === 0 || !meta) return;

    const groups = new Map<string, { role: string; claims: JWTPayload; members: typeof candidates }>();
    for (const c of candidates) {
      const g = groups.get(c.sub.claimsKey) ?? { role: c.sub.role, claims: c.sub.claims, members: [] };
      g.members.push(c);
      groups.set(c.sub.claimsKey, g);
    }
    const tableMeta = meta;
    const allowed = await Promise.all(
      [...groups.values()].map(async (g): Promise<{ g: typeof g; readable: Set<string>; ok: boolean; error?: string }> => {
        try {
          // Hosted Realtime (realtime.apply_rls) works per column: a role delivers a change when
          // it may SELECT the primary key (and RLS lets it see the row, for inserts and updates),
          // and gets only the columns it may SELECT; column grants are enough, no table grant needed.
          // Before any row, an insert or update on a table without a primary key is "Error 400:
          // Bad Request, no primary key", and one whose key the role may not SELECT "Error 401:
          // Unauthorized". A delete goes to every subscriber (RLS cannot judge a row that is
          // gone) with the old columns the role may read, which under RLS is the key alone.
          if (type !== 'DELETE' && tableMeta.pk.length === 0) return { g, readable: new Set<string>(), ok: false, error: 'Error 400: Bad Request, no primary key' };
          const readable = await this.readableColumns(g.role, tableMeta);
          if (type === 'DELETE') return { g, readable, ok: true };
          if (!tableMeta.pk.every((c) => readable.has(c))) return { g, readable, ok: false, error: 'Error 401: Unauthorized' };
          return { g, readable, ok: await this.canSelectRow(g.role, g.claims, tableMeta, change.record!) };
        } catch (e) {
          // A passing failure is the whole change's, tried again before anyone hears it (deliver).
          if (transient(e)) throw e;
          // Any other failed check for one group of subscribers withholds the change from them alone.
          this.log(`visibility check for role ${g.role} failed: ${(e as Error).message}`);
          return { g, readable: new Set<string>(), ok: false };
        }
      }),
    );

    for (const { g, readable, ok, error } of allowed) {
      if (error) {
        // What hosted's replication poller sends for such a row (Realtime.Adapters.Changes): the
        // change's schema, table and type, no columns, record or time, and the error.
        const data: Record<string, unknown> = { schema, table, type, columns: [], commit_timestamp: null, record: {}, errors: [error] };
        if (type === 'UPDATE') data.old_record = {};
        for (const { sub, all } of g.members) {
          if (sub.conn.channels.get(sub.topic) === sub) sub.conn.push(sub, 'postgres_changes', { ids: all, data });
        }
        continue;
      }
      if (!ok) continue;
      const only = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).filter(([k]) => readable.has(k)));
      const data: Record<string, unknown> = {
        schema,
        table,
        commit_timestamp: new Date(change.commit_timestamp).toISOString(),
        type,
        columns: tableMeta.columns.filter((c) => readable.has(c.name)),
        errors: null,
      };
      if (type !== 'DELETE') data.record = only(change.record!);
      if (type !== 'INSERT') data.old_record = only(oldRecord(type, tableMeta, change.old_record));
      for (const { sub, ids } of g.members) {
        if (ids.length > 0 && sub.conn.channels.get(sub.topic) === sub) sub.conn.push(sub, 'postgres_changes', { ids, data });
      }
    }
  }

  private async tableMeta(schema: string, table: string, sample: Record<string, unknown> | null): Promise<TableMeta | undefined> {
    const key = `${schema}.${table}`;
    const cached = this.tables.get(key);
    if (cached && (!sample || Object.keys(sample).every((k) => cached.types.has(k)))) return cached;
    const { rows } = await this.pool.query(
      `select c.oid::int as oid, c.relrowsecurity as rls, c.relreplident = 'f' as identity_full,
         coalesce((select json_agg(json_build_object('name', a.attname, 'type', t.typname) order by a.attnum)
                   from pg_attribute a join pg_type t on t.oid = a.atttypid
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
         coalesce((select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
                   from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
                   where i.indrelid = c.oid and i.indisprimary), '[]') as pk
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relname = $2`,
      [schema, table],
    );
    if (rows.length === 0) return undefined;
    const r = rows[0];
    const meta: TableMeta = {
      oid: r.oid,
      schema,
      table,
      rls: r.rls,
      identityFull: r.identity_full,
      columns: r.columns,
      types: new Map(r.columns.map((c: { name: string; type: string }) => [c.name, c.type])),
      pk: r.pk,
    };
    this.tables.set(key, meta);
    return meta;
  }

  /** Runs the visibility check as the subscriber: their role, their claims, the table's RLS. */
  private async canSelectRow(role: string, claims: JWTPayload, meta: TableMeta, record: Record<string, unknown>): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      const ident = (s: string) => client.escapeIdentifier(s);
      const lit = (s: string) => client.escapeLiteral(s);
      const rel = `${ident(meta.schema)}.${ident(meta.table)}`;
      const recordJson = lit(JSON.stringify(record));
      const where =
        meta.pk.length > 0
          ? `(${meta.pk.map((c) => `x.${ident(c)}`).join(', ')}) = (select ${meta.pk.map((c) => `r.${ident(c)}`).join(', ')} from jsonb_populate_record(null::${rel}, ${recordJson}::jsonb) r)`
          : `to_jsonb(x) = ${recordJson}::jsonb`;
      const results = (await client.query(
        `begin;
         set local statement_timeout = '5s';
         set local role ${ident(role)};
         select set_config('request.jwt.claims', ${lit(JSON.stringify(claims))}, true);
         select exists (select 1 from ${rel} x where ${where}) as visible;
         rollback;`,
      )) as unknown as pg.QueryResult[];
      return results[4].rows[0].visible === true;
    } catch (e) {
      await client.query('rollback').catch(() => {});
      if (transient(e)) throw e;
      // Permission denied on the table means: not visible to this role.
      if ((e as { code?: string }).code !== '42501') this.log(`visibility check on ${meta.schema}.${meta.table} failed: ${(e as Error).message}`);
      return false;
    } finally {
      client.release();
    }
  }

  /** The columns of a table a role may SELECT, through a table grant or column grants (has_column_privilege). */
  private async readableColumns(role: string, meta: TableMeta): Promise<Set<string>> {
    const key = `${role}:${meta.oid}`;
    const cached = this.tablePrivileges.get(key);
    if (cached && cached.until > Date.now()) return cached.readable;
    const { rows } = await this.pool.query<{ name: string }>(
      `select a.attname as name from pg_attribute a
        where a.attrelid = $2::oid and a.attnum > 0 and not a.attisdropped and has_column_privilege($1, a.attrelid, a.attnum, 'SELECT')`,
      [role, meta.oid],
    );
    const readable = new Set(rows.map((r) => r.name));
    this.tablePrivileges.set(key, { readable, until: Date.now() + PRIVILEGE_CACHE_MS });
    return readable;
  }

  // ---------------------------------------------------------------- shutdown

  /** Idempotent: the gateway calls it before it closes, the platform again in its own turn. */
  close(): Promise<void> {
    return (this.closing ??= this.shutdown());
  }

  private async shutdown(): Promise<void> {
    this.closed = true;
    clearInterval(this.drainTimer);
    this.events.stop();
    // Every client is told the server is going away (1001), as Phoenix does on shutdown, and
    // one that does not answer the close at once is cut off: a client never holds shutdown.
    const sockets = [...this.connections].map((conn) => {
      for (const sub of conn.channels.values()) clearTimeout(sub.expiryTimer);
      conn.ws.close(1001, 'server shutting down');
      return conn.ws;
    });
    const closedAll = Promise.all(sockets.map((ws) => (ws.readyState === WebSocket.CLOSED ? undefined : new Promise((r) => ws.once('close', r)))));
    await Promise.race([closedAll, new Promise((r) => setTimeout(r, CLOSE_GRACE_MS))]);
    for (const ws of sockets) ws.terminate();
    this.connections.clear();
    await new Promise<void>((r) => this.wss.close(() => r()));
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => {});
    // Let an in-flight drain finish its query before the pool goes.
    while (this.draining) await new Promise((r) => setTimeout(r, 10));
    await this.pool.end().catch(() => {});
  }
}

/**
 * Old values as Supabase sends them: the full old row only with REPLICA IDENTITY FULL, and for
 * DELETE on an RLS table only the primary key (RLS cannot be applied to a row that is gone).
 */
function oldRecord(type: ChangeType, meta: TableMeta, old: Record<string, unknown> | null): Record<string, unknown> {
  if (!old) return {};
  const pkOnly = () => Object.fromEntries(meta.pk.map((c) => [c, old[c]]));
  if (type === 'DELETE' && meta.rls) return pkOnly();
  return meta.identityFull ? old : pkOnly();
}

function claimsKey(claims: JWTPayload): string {
  return JSON.stringify(Object.keys(claims).sort().map((k) => [k, claims[k]]));
}

const BINDING_EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);

/** A postgres_changes binding as realtime-js sends it: strings only, a known event. */
function validBinding(raw: unknown): raw is PostgresBinding {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return false;
  const b = raw as Record<string, unknown>;
  const optionalString = (v: unknown) => v === undefined || v === null || typeof v === 'string';
  return (
    typeof b.event === 'string' &&
    BINDING_EVENTS.has(b.event.toUpperCase()) &&
    typeof b.schema === 'string' &&
    b.schema.length > 0 &&
    optionalString(b.table) &&
    optionalString(b.filter)
  );
}

/** The token a broadcast request carries: its bearer, else its apikey header (as hosted reads them). */
function requestToken(req: IncomingMessage): string | undefined {
  const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  return bearer ?? (typeof req.headers.apikey === 'string' ? req.headers.apikey : undefined);
}
