// Phoenix channel frames as realtime-js speaks them (see @supabase/realtime-js lib/serializer.js):
// vsn 2.0.0 text frames are arrays [join_ref, ref, topic, event, payload], and broadcasts may come
// as binary "user broadcast push" frames; vsn 1.0.0 frames are JSON objects.

export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A broadcast whose user payload stayed binary (vsn 2.0.0, encoding 0). */
interface BinaryBroadcast {
  type: 'broadcast';
  event: string;
  payload: ArrayBuffer | Uint8Array;
  binary: true;
  meta?: unknown;
}

const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;
const BINARY_ENCODING = 0;
const JSON_ENCODING = 1;

export function decodeFrame(vsn: Vsn, data: Buffer, isBinary: boolean): Frame {
  if (isBinary) return decodeUserBroadcastPush(data);
  const parsed = JSON.parse(data.toString('utf8'));
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new Error('expected [join_ref, ref, topic, event, payload]');
    const [join_ref, ref, topic, event, payload] = parsed;
    return { join_ref, ref, topic: String(topic), event: String(event), payload };
  }
  if (typeof parsed !== 'object' || parsed === null) throw new Error('expected {topic, event, payload, ref}');
  return {
    join_ref: parsed.join_ref ?? null,
    ref: parsed.ref ?? null,
    topic: String(parsed.topic),
    event: String(parsed.event),
    payload: parsed.payload,
  };
}

/** Returns a string (text frame) or a Buffer (binary frame). */
export function encodeFrame(vsn: Vsn, frame: Frame): string | Buffer {
  if (vsn === '2.0.0') {
    const p = frame.payload as Partial<BinaryBroadcast> | null;
    if (frame.event === 'broadcast' && p && p.binary === true) return encodeUserBroadcast(frame.topic, p as BinaryBroadcast);
    return JSON.stringify([frame.join_ref, frame.ref, frame.topic, frame.event, frame.payload]);
  }
  const p = frame.payload as Partial<BinaryBroadcast> | null;
  const payload =
    frame.event === 'broadcast' && p && p.binary === true
      ? { type: 'broadcast', event: p.event, payload: Array.from(new Uint8Array(p.payload as ArrayBuffer)) }
      : frame.payload;
  return JSON.stringify({ topic: frame.topic, event: frame.event, payload, ref: frame.ref, join_ref: frame.join_ref });
}

function decodeUserBroadcastPush(buf: Buffer): Frame {
  if (buf.length < 7 || buf[0] !== USER_BROADCAST_PUSH) throw new Error(`unsupported binary frame kind ${buf[0]}`);
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = [buf[1], buf[2], buf[3], buf[4], buf[5], buf[6]];
  let offset = 7;
  const take = (n: number) => {
    const s = buf.subarray(offset, offset + n).toString('utf8');
    offset += n;
    return s;
  };
  const joinRef = take(joinRefLen);
  const ref = take(refLen);
  const topic = take(topicLen);
  const event = take(eventLen);
  const meta = take(metaLen);
  const body = buf.subarray(offset);
  const payload: Record<string, unknown> =
    encoding === JSON_ENCODING
      ? { type: 'broadcast', event, payload: JSON.parse(body.toString('utf8') || '{}') }
      : { type: 'broadcast', event, payload: new Uint8Array(body), binary: true };
  if (meta) Object.assign(payload, JSON.parse(meta));
  return { join_ref: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload };
}

function encodeUserBroadcast(topic: string, b: BinaryBroadcast): Buffer {
  const t = Buffer.from(topic);
  const e = Buffer.from(b.event);
  const m = Buffer.from(b.meta ? JSON.stringify(b.meta) : '');
  const header = Buffer.from([USER_BROADCAST, t.length, e.length, m.length, BINARY_ENCODING]);
  return Buffer.concat([header, t, e, m, Buffer.from(b.payload as Uint8Array)]);
}
