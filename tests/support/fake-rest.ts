// A stand-in for PostgREST's upsert, for the outbox's unit tests: it takes the requests the one
// REST sender (src/lib/outbox.ts) makes, records them and answers as PostgREST does (the saved
// rows with 201, a 42501 refusal with 403). The real PostgREST is exercised by the API and E2E tiers.
import type { RestTarget } from '../../src/lib/outbox.ts';

export interface RestCall {
  table: string;
  onConflict: string | null;
  select: string | null;
  headers: Headers;
  rows: any[];
}

/** A target whose requests go to `answer`; `token` null stands for no session. */
export function fakeRest(answer: (call: RestCall) => Response | Promise<Response>, token: string | null = 'player-token'): RestTarget & { calls: RestCall[] } {
  const calls: RestCall[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const call: RestCall = {
      table: url.pathname.replace(/^\/rest\/v1\//, ''),
      onConflict: url.searchParams.get('on_conflict'),
      select: url.searchParams.get('select'),
      headers: new Headers(init?.headers),
      rows: JSON.parse(String(init?.body)),
    };
    calls.push(call);
    return answer(call);
  }) as typeof globalThis.fetch;
  return { apiUrl: 'http://api.test', anonKey: 'anon-key', accessToken: async () => token, fetch, calls };
}

/** PostgREST's answer to an upsert with `return=representation`. */
export const savedRows = (rows: unknown[]) => new Response(JSON.stringify(rows), { status: 201, headers: { 'Content-Type': 'application/json' } });

/** PostgREST's answer when a policy refuses the write (the round or game closed). */
export const refusedByPolicy = (table: string) =>
  new Response(JSON.stringify({ code: '42501', details: null, hint: null, message: `new row violates row-level security policy for table "${table}"` }), { status: 403 });

/** No signal: the browser's fetch rejects. */
export const offline = () => Promise.reject(new TypeError('Failed to fetch'));
