// The Deno side of the local functions host (runs in Deno, not Node): one long-lived Deno
// process serving every supabase/functions/<name>/index.ts, like the main service of Supabase's
// edge-runtime. Each index.ts runs unchanged: its `Deno.serve(handler)` call registers the
// handler for /<name> here instead of opening a port of its own. The Node side (index.ts next
// to this file) checks the JWT and the body size, then forwards the request.
//
// Usage: deno run … main.ts <functions dir> <name>…
// Prints one line `{"listening":<port>}` when ready.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Handler = (req: Request, info: unknown) => Response | Promise<Response>;
type ServeArgs = [unknown, unknown?];

interface DenoRuntime {
  args: string[];
  env: { get(name: string): string | undefined; delete(name: string): void };
  serve(options: unknown, handler?: Handler): unknown;
}
declare const Deno: DenoRuntime;

const [dir, ...names] = Deno.args;
// Shared with the Node side only, so nothing on this machine skips its JWT check by calling
// this port directly; removed from the environment before any function code runs.
const hostToken = Deno.env.get('FUNCTIONS_HOST_TOKEN') ?? '';
Deno.env.delete('FUNCTIONS_HOST_TOKEN');
const publicUrl = Deno.env.get('SUPABASE_URL') ?? 'http://127.0.0.1';

const realServe = Deno.serve.bind(Deno);
const handlers = new Map<string, Handler>();
let loading = '';

function handlerOf([first, second]: ServeArgs): Handler | undefined {
  if (typeof first === 'function') return first as Handler;
  if (typeof second === 'function') return second as Handler;
  const fromOptions = (first as { handler?: unknown } | undefined)?.handler;
  return typeof fromOptions === 'function' ? (fromOptions as Handler) : undefined;
}

Object.defineProperty(Deno, 'serve', {
  configurable: true,
  value: (...args: ServeArgs) => {
    const handler = handlerOf(args);
    if (!loading || !handler) throw new Error('Deno.serve called outside a function entry, or without a handler');
    handlers.set(loading, handler);
    const done = Promise.resolve();
    return { finished: done, shutdown: () => done, ref() {}, unref() {}, addr: { transport: 'tcp', hostname: '127.0.0.1', port: 0 } };
  },
});

for (const name of names) {
  loading = name;
  await import(pathToFileURL(join(dir, name, 'index.ts')).href);
  if (!handlers.has(name)) throw new Error(`supabase/functions/${name}/index.ts never called Deno.serve(handler)`);
}
loading = '';
Object.defineProperty(Deno, 'serve', { configurable: true, value: realServe });

// On hosted Supabase an error nobody catches ends that function's worker only; here it must not
// end the one process every function shares, so it is logged instead. (Registered after loading,
// so a function that fails to load still fails the start.)
globalThis.addEventListener('unhandledrejection', (event: Event) => {
  event.preventDefault();
  console.error(`unhandled rejection in a function: ${(event as PromiseRejectionEvent).reason?.stack ?? (event as PromiseRejectionEvent).reason}`);
});
globalThis.addEventListener('error', (event: Event) => {
  event.preventDefault();
  console.error(`uncaught error in a function: ${(event as ErrorEvent).error?.stack ?? (event as ErrorEvent).message}`);
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

realServe(
  {
    hostname: '127.0.0.1',
    port: 0,
    onListen: ({ port }: { port: number }) => console.log(JSON.stringify({ listening: port })),
  },
  async (incoming: Request, info: unknown) => {
    if (!hostToken || incoming.headers.get('x-functions-host-token') !== hostToken) return json(403, { message: 'Forbidden' });
    const url = new URL(incoming.url);
    const name = url.pathname.split('/')[1] ?? '';
    const handler = handlers.get(name);
    if (!handler) return json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    // The function sees the public address it was called at, as on hosted Supabase.
    const req = new Request(new URL(`/functions/v1${url.pathname}${url.search}`, publicUrl), incoming);
    req.headers.delete('x-functions-host-token');
    try {
      return await handler(req, info);
    } catch (e) {
      console.error(`${name} threw: ${(e as Error)?.stack ?? e}`);
      return json(500, { error: 'Error interno de la función.' });
    }
  },
);
