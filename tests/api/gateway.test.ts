import { describe, expect, it, inject } from 'vitest';

describe('gateway', () => {
  it('answers CORS preflight with Supabase headers', async () => {
    const r = await fetch(`${inject('apiUrl')}/rest/v1/`, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173' } });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('access-control-allow-headers')).toContain('apikey');
    expect(r.headers.get('access-control-expose-headers')).toContain('x-supabase-api-version');
  });

  it('proxies /rest/v1 to PostgREST with the anon key as bearer', async () => {
    const r = await fetch(`${inject('apiUrl')}/rest/v1/`, { headers: { apikey: inject('anonKey'), accept: 'application/openapi+json' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('server')).toMatch(/postgrest/i);
  });

  it('refuses a token signed with another secret', async () => {
    const forged = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2lnbmF0dXJlLW5vdC12YWxpZA';
    const r = await fetch(`${inject('apiUrl')}/rest/v1/`, { headers: { apikey: forged } });
    expect(r.status).toBe(401);
  });

  it('answers 404 for paths outside the four services', async () => {
    const r = await fetch(`${inject('apiUrl')}/storage/v1/bucket`);
    expect(r.status).toBe(404);
  });

  // Issue 41, item 10: URLs of 14–16 KB answered 502 (PostgREST's Content-Location, the URL
  // again, overflowed the proxy's header limit). As Kong's nginx: a request line past 8 KB is 414.
  it('answers 414 to a URL past 8 KB, and serves one under it', async () => {
    const anon = { apikey: inject('anonKey') };
    const filter = (bytes: number) => `${inject('apiUrl')}/rest/v1/clubs?select=id&name=not.in.(${'x'.repeat(bytes)})`;
    for (const bytes of [15_900, 15_000, 14_000, 8_200]) {
      const r = await fetch(filter(bytes), { headers: anon });
      expect(r.status, `${bytes} bytes`).toBe(414);
      expect(await r.text()).toBe('URI too long\n');
    }
    const served = await fetch(filter(7_000), { headers: anon });
    expect(served.status).toBe(200);
  });
});
