import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/lib/env.ts';

const KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
const LEGACY_ANON = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJh';

describe('start-up configuration', () => {
  it('accepts a Supabase URL and a publishable key', () => {
    expect(parseEnv({ VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_PUBLISHABLE_KEY: KEY })).toEqual({
      ok: true,
      env: { supabaseUrl: 'https://abc.supabase.co', supabaseAnonKey: KEY },
    });
  });

  it('names every missing or malformed variable in Spanish', () => {
    const check = parseEnv({ VITE_SUPABASE_URL: 'abc.supabase.co', VITE_SUPABASE_PUBLISHABLE_KEY: 'secreto' });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.problems).toHaveLength(2);
    expect(check.problems[0]).toMatch(/^VITE_SUPABASE_URL debe ser una URL/);
    expect(check.problems[1]).toMatch(/^VITE_SUPABASE_PUBLISHABLE_KEY debe ser la clave publicable/);
  });

  it('refuses a secret key and the legacy anon JWT, saying which (issue 42)', () => {
    const url = 'https://abc.supabase.co';
    const secret = parseEnv({ VITE_SUPABASE_URL: url, VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz' });
    expect(secret).toEqual({ ok: false, problems: [expect.stringMatching(/es una clave secreta \(sb_secret_…\): nunca va en la app/)] });
    const legacy = parseEnv({ VITE_SUPABASE_URL: url, VITE_SUPABASE_PUBLISHABLE_KEY: LEGACY_ANON });
    expect(legacy).toEqual({ ok: false, problems: [expect.stringMatching(/es la clave anon antigua \(un JWT\)/)] });
  });

  it('refuses a non-http URL and a missing key', () => {
    const check = parseEnv({ VITE_SUPABASE_URL: 'ftp://abc.supabase.co' });
    expect(check).toEqual({
      ok: false,
      problems: [expect.stringMatching(/^VITE_SUPABASE_URL/), 'VITE_SUPABASE_PUBLISHABLE_KEY es obligatoria'],
    });
  });
});

describe('the production build', () => {
  it('refuses to build without the project variables instead of falling back to the local platform', async () => {
    const { build } = await import('vite');
    const saved = { url: process.env.VITE_SUPABASE_URL, key: process.env.VITE_SUPABASE_PUBLISHABLE_KEY };
    delete process.env.VITE_SUPABASE_URL;
    delete process.env.VITE_SUPABASE_PUBLISHABLE_KEY;
    try {
      const root = new URL('../..', import.meta.url).pathname;
      await expect(build({ root, logLevel: 'silent', build: { write: false } })).rejects.toThrow(
        /production build needs VITE_SUPABASE_URL and VITE_SUPABASE_PUBLISHABLE_KEY/,
      );
    } finally {
      if (saved.url !== undefined) process.env.VITE_SUPABASE_URL = saved.url;
      if (saved.key !== undefined) process.env.VITE_SUPABASE_PUBLISHABLE_KEY = saved.key;
    }
    // Importing Vite and loading the config takes 1–2 s idle and reached the default 5 s under load.
  }, 30_000);
});
