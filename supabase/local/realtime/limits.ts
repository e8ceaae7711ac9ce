// The project's limits, as hosted Supabase Realtime keeps them (supabase/realtime:
// Realtime.Tenants.events_per_second_rate, Realtime.RateCounter, RealtimeWeb.Endpoint).

/**
 * Hosted's default max_events_per_second (TENANT_MAX_EVENTS_PER_SECOND, the Free plan's "Messages
 * per second"). An event is a WebSocket message delivered to, or sent from, a client.
 */
export const MAX_EVENTS_PER_SECOND = 100;
/** What a channel over the limit is told before its phx_close (RealtimeChannel.handle_info(:update_rate_counter)). */
export const TOO_MANY_MESSAGES = 'Too many messages per second';
/** httpSend and the batch broadcast over the limit: 429 (Realtime.Tenants.SingleBroadcast, BatchBroadcast). */
export const RATE_LIMIT_EXCEEDED = 'You have exceeded your rate limit';
export const BATCH_TOO_BIG = 'Too many messages to broadcast, please reduce the batch size';
/** Presence calls (track, untrack) one channel may make in a window (CLIENT_PRESENCE_MAX_CALLS, CLIENT_PRESENCE_WINDOW_MS). */
export const CLIENT_PRESENCE_MAX_CALLS = 5;
export const CLIENT_PRESENCE_WINDOW_MS = 30_000;
export const CLIENT_PRESENCE_LIMIT = 'Client presence rate limit exceeded';

/**
 * A socket's frames are read this many at a time: past it the server stops reading the socket
 * until it has handled them (hosted: Cowboy's active_n of 100, one channel process per channel).
 */
export const INBOX_HIGH_WATER = 100;
export const INBOX_LOW_WATER = 10;
/** Frames, or sends they cause, one socket's handling may take before the event loop serves others. */
export const FRAMES_PER_TURN = 50;
export const SENDS_PER_TURN = 1000;
/**
 * What may wait unsent to one socket: a client that does not read is cut off past it (hosted kills
 * a process whose heap passes WEBSOCKET_MAX_HEAP_SIZE, 50 MB; here a queue of 16 MB, over the
 * largest frame of 5 MB, since every buffered byte is the platform's one process's memory).
 */
export const MAX_BUFFERED_BYTES = 16_000_000;

/**
 * Hosted's RateCounter with measurement :avg: events are counted, every tick the count joins a
 * window of buckets, and the limit is triggered while the window's average per second is at or
 * over the limit (and lifted when it falls under). Hosted ticks every 5 s over the last 12
 * buckets (a minute); locally every second over the last 5, so a flood cuts off within a second
 * and a project that calmed down is served again within 5 s (not a minute later, in the middle
 * of the next test or the next try in the browser).
 */
export class EventsRate {
  private count = 0;
  private readonly buckets: number[] = [];
  private timer?: NodeJS.Timeout;
  triggered = false;

  constructor(
    private readonly limit: number,
    private readonly opts: { tickMs: number; windowBuckets: number; onTrigger?: (avg: number) => void },
  ) {}

  start(): void {
    this.timer = setInterval(() => this.tick(), this.opts.tickMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  add(n = 1): void {
    this.count += n;
  }

  /** The window's average per second, the measure hosted compares with the limit. */
  average(): number {
    const sum = this.buckets.reduce((a, b) => a + b, 0);
    return sum / this.opts.windowBuckets / (this.opts.tickMs / 1000);
  }

  private tick(): void {
    this.buckets.unshift(this.count);
    this.count = 0;
    this.buckets.length = Math.min(this.buckets.length, this.opts.windowBuckets);
    const avg = this.average();
    if (this.triggered) this.triggered = avg >= this.limit;
    else if (avg >= this.limit) {
      this.triggered = true;
      this.opts.onTrigger?.(avg);
    }
  }
}
