// GoTrue's e-mail check (supabase/auth internal/api/mail.go `validateEmail`): an address is
// taken when it matches badoux/checkmail's `ValidateFormat` pattern exactly as sent (no trim),
// is at most 255 characters, and is kept lowercased. Refusal: 400 validation_failed "Unable to
// validate email address: invalid format". Found by Supabase's own suites run here (issue 28):
// the local server took `josé@example.com` and `xx:;x@x.x` and refused `user@localhost`.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { db } from '../support/clients.ts';

afterAll(async () => {
  await db().end();
});

let n = 0;
/** A fresh local part per run, so the addresses are unknown (recovery then sends nothing). */
const fresh = (address: string) => address.replace('@', `${n++}${Date.now().toString(36)}@`);

async function recover(email: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(`${inject('apiUrl')}/auth/v1/recover`, {
    method: 'POST',
    headers: { apikey: inject('anonKey'), 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify({ email }),
  });
  return { status: r.status, body: await r.json() };
}

describe('GoTrue validateEmail', () => {
  it('takes what checkmail\'s pattern takes, a dotless domain included', async () => {
    for (const email of ['user@localhost', 'a.b+c@example.com', "o'brien@example.com", 'x@a-b.example.mx', 'MAYUS@EXAMPLE.COM', '!#$%&*+/=?^_`{|}~-@x.co', 'a..b@example.com']) {
      const address = fresh(email);
      expect({ address, ...(await recover(address)) }).toEqual({ address, status: 200, body: {} });
    }
  });

  it('refuses non-ASCII, quoting, brackets, spaces (not trimmed) and malformed domains with 400 validation_failed', async () => {
    const refused = [
      'josé@example.com',
      'xx:;x@x.x',
      'user@exámple.com',
      ' user@example.com',
      'user@example.com ',
      'user name@example.com',
      '"quoted"@example.com',
      'user@[127.0.0.1]',
      'user@-example.com',
      'user@example-.com',
      'user@example..com',
      'user@example.com.',
      'user@exa_mple.com',
      'a@b@example.com',
      'user@',
      '@example.com',
    ];
    for (const email of refused) {
      const r = await recover(email);
      expect({ email, ...r }).toEqual({ email, status: 400, body: { code: 'validation_failed', message: 'Unable to validate email address: invalid format' } });
    }
    const long = `${'a'.repeat(251)}@x.co`; // 256 characters
    expect(await recover(long)).toEqual({ status: 400, body: { code: 'validation_failed', message: 'An email address is too long' } });
  });

  it('keeps the address lowercased', async () => {
    const email = fresh('Mixto.Caso@Example.COM');
    const r = await fetch(`${inject('apiUrl')}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: inject('anonKey'), 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email, password: 'Golazo2024' }),
    });
    expect(r.status).toBe(200);
    expect((await r.json()).email).toBe(email.toLowerCase());
  });
});
