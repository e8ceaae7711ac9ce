// A stand-in for a browser vendor's push service (FCM, Mozilla autopush, Apple): an HTTP server
// on 127.0.0.1 that records every push request and answers what the path asks for —
// `/gone/…` 410, `/fail/…` 500, anything else 201 Created. Only tests and the bench use it:
// `npm start` serves real browsers, whose subscriptions point at the real push services.
import { createECDH, createDecipheriv, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushReceiver {
  origin: string;
  received: ReceivedPush[];
  /** How many requests arrived (kept even when `keepBodies` is off). */
  count: number;
  close(): Promise<void>;
}

/** `port`: the platform's `pushReceiverPort`, the one local port its dispatcher may call (any other is refused). */
export async function startPushReceiver(opts: { port: number; keepBodies?: boolean }): Promise<PushReceiver> {
  const receiver: PushReceiver = { origin: '', received: [], count: 0, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      receiver.count++;
      const path = req.url ?? '/';
      if (opts.keepBodies !== false) receiver.received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(path.startsWith('/gone/') ? 410 : path.startsWith('/fail/') ? 500 : 201).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', resolve);
  });
  receiver.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () =>
    new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
  return receiver;
}

/** What a browser generates when it subscribes: a P-256 key pair and a 16-byte auth secret. */
export interface BrowserKeys {
  ecdh: ECDH;
  p256dh: string;
  auth: string;
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
}

/**
 * Decrypts an `aes128gcm` push body as the browser does (RFC 8188 framing, RFC 8291 keys):
 * header salt(16) | record size(4) | key id length(1) | sender's public key; then one record
 * whose plaintext ends with the 0x02 delimiter and zero padding.
 */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(senderPublic);
  const receiverPublic = keys.ecdh.getPublicKey();
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, Buffer.from(keys.auth, 'base64url'), keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record does not end with the 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}
