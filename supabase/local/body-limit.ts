// Request body caps for the gateway, as Kong's request-size-limiting plugin and Realtime's
// Plug.Parsers give hosted Supabase: a body over its route's cap is answered 413 at once, from
// Content-Length before a byte is read, or for a chunked body as soon as the bytes read pass the
// cap, and the connection is closed so the rest is not read (not drained to its end: a 700 MB
// upload otherwise keeps a request, and the transaction behind it, going long after its answer).
import { IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface BodyCap {
  bytes: number;
  /** The 413 answer's JSON body. */
  refusal: unknown;
}

/** Kong's answer (hosted Supabase's API gateway) for a request over the size limit. */
export const KONG_TOO_LARGE = { message: 'Request size limit exceeded' };

/**
 * The request to hand on: `req` itself when it has no body or declares its length within the
 * cap; a chunked body is read here up to the cap and handed on as a request with that
 * Content-Length. Undefined when the answer was a 413.
 */
export async function capBody(req: IncomingMessage, res: ServerResponse, cap: BodyCap): Promise<IncomingMessage | undefined> {
  const declared = req.headers['content-length'];
  if (declared !== undefined) {
    // Node's parser reads exactly the declared length, so the header is the whole check.
    if (Number(declared) > cap.bytes) return void tooLarge(req, res, cap);
    return req;
  }
  if (req.headers['transfer-encoding'] === undefined) return req;
  const chunks: Buffer[] = [];
  let size = 0;
  const over = await new Promise<boolean>((resolve, reject) => {
    const onData = (c: Buffer) => {
      size += c.length;
      if (size <= cap.bytes) return void chunks.push(c);
      // Flowing with no listener: what still arrives is dropped (until the socket closes).
      req.off('data', onData);
      resolve(true);
    };
    req.on('data', onData);
    req.once('end', () => resolve(false));
    req.once('error', reject);
  });
  if (over) return void tooLarge(req, res, cap);
  return replay(req, Buffer.concat(chunks));
}

function tooLarge(req: IncomingMessage, res: ServerResponse, cap: BodyCap): void {
  const body = JSON.stringify(cap.refusal);
  lingeringClose(req.socket);
  // `connection: close`: the connection ends with this answer, not reused after reading the rest.
  res.writeHead(413, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' });
  res.end(body);
}

/** How long a refused upload's bytes are still read (and dropped) after the answer went out. */
const LINGER_MS = 500;

/**
 * Node closes a `connection: close` socket as soon as the answer is written; with the client's
 * bytes still arriving, that close resets the connection and a client busy sending can lose the
 * answer. As nginx's lingering close does, the socket is ended (the answer, then FIN), what still
 * arrives is read and dropped, and it is destroyed after LINGER_MS at most.
 */
function lingeringClose(socket: Socket): void {
  (socket as Socket & { destroySoon(): void }).destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.once('close', () => clearTimeout(timer));
  };
}

/** A request with the same socket, method, URL and headers whose body is `body`. */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  const headers = { ...req.headers, 'content-length': String(body.length) };
  delete headers['transfer-encoding'];
  copy.headers = headers;
  copy.rawHeaders = Object.entries(headers).flatMap(([k, v]) => (Array.isArray(v) ? v.flatMap((x) => [k, x]) : [k, String(v)]));
  copy.push(body);
  copy.push(null);
  copy.complete = true;
  return copy;
}
