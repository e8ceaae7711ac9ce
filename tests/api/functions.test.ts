import { request } from 'node:http';
import { generateKeyPairSync, randomInt } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { describe, expect, it, inject } from 'vitest';
import ws from 'ws';
import { JWT_SECRET } from '../../supabase/local/config.ts';
import { defaultKeyRing } from '../../supabase/local/keys.ts';
import { uniqueEmail } from '../support/clients.ts';
import { waitForMail } from '../support/inbox.ts';
import { createPlayer } from '../support/players.ts';
import { TOKEN_TTL } from '../support/token-ttl.ts';

const contactUrl = () => `${inject('apiUrl')}/functions/v1/send-contact-email`;

/** POSTs to the contact function from a given loopback address, so a test has its own caller IP. */
function postFrom(localAddress: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: { error?: string; ok?: boolean } }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      contactUrl(),
      { method: 'POST', localAddress, headers: { apikey: inject('publishableKey'), 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** An address of 127.0.0.0/8 no other test uses. */
const ownAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;

const secret = new TextEncoder().encode(JWT_SECRET);
/** As the app calls it: the publishable key as apikey, and a token (the key itself, or a session) as bearer. */
const post = (token: string, body: string) =>
  fetch(contactUrl(), { method: 'POST', headers: { apikey: inject('publishableKey'), authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
/** A visitor's supabase-js, on the publishable key as the app is built. */
const visitor = () =>
  createClient(inject('apiUrl'), inject('publishableKey'), { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }, realtime: { transport: ws as never } });

describe('functions host', () => {
  it('round-trips a function call through supabase-js: the contact message reaches the team inbox', async () => {
    const from = uniqueEmail('visitante');
    const { data, error } = await visitor().functions.invoke('send-contact-email', {
      body: { name: 'Lupita Ramírez', email: ` ${from.toUpperCase()} `, message: '¿Cuándo pagan el premio mensual?' },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ ok: true, message: '✅ Mensaje enviado. ¡Gracias por contactarnos!' });
    const mail = await waitForMail('contacto@quinielazo.mx', { subject: 'Lupita Ramírez' });
    expect(mail.body.text).toContain(from);
    expect(mail.body.html).toContain('¿Cuándo pagan el premio mensual?');
  });

  it('answers bad input with a Spanish 400, not a crash', async () => {
    const r = await post(inject('publishableKey'), '{"name":"Ana","email":"sin-arroba","message":"hola"}');
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ error: 'Correo inválido' });
    const broken = await post(inject('publishableKey'), 'not json');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: 'Todos los campos son obligatorios' });
  });

  it('requires a verified caller, with the 401s hosted\'s verify_jwt gave', async () => {
    const url = `${inject('apiUrl')}/functions/v1/send-contact-email`;
    // No key and no token: the function is reached (functions have no key check at the gateway)
    // and refuses, as verify_jwt did.
    const bare = await fetch(url, { method: 'POST' });
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    expect((await fetch(url, { method: 'POST', headers: { authorization: 'Bearer not.a.jwt' } })).status).toBe(401);
  });

  it('verifies the caller with getClaims: a visitor\'s publishable key and a player\'s session pass, the legacy anon JWT no longer (issue 42)', async () => {
    // verify_jwt = false in config.toml: the function checks the caller itself (the JWKS). Each
    // token that passes reaches the form's own check, the empty form's 400.
    const empty = { error: 'Todos los campos son obligatorios' };
    expect(await (await post(inject('publishableKey'), '{}')).json()).toEqual(empty);
    const player = await createPlayer();
    expect(await (await post(player.accessToken, '{}')).json()).toEqual(empty);
    // The legacy anon key is an HS256 JWT with no user: getClaims can only ask Auth about it,
    // which refuses a token without a user, so it is the same 401 as a bad token.
    const legacy = await post(inject('anonKey'), '{}');
    expect(legacy.status).toBe(401);
    expect(await legacy.json()).toEqual({ code: 401, message: 'Invalid JWT' });
  });

  it('accepts only tokens of the project\'s signing keys that expire (issue 13)', async () => {
    // Signed as the gateway signs a visitor's: ES256 with the local key's kid.
    const ring = defaultKeyRing();
    const now = Math.floor(Date.now() / 1000);
    const good = await ring.sign({ role: 'anon', iss: 'supabase', iat: now, exp: now + 3600 });
    expect(await (await post(good, '{}')).json()).toEqual({ error: 'Todos los campos son obligatorios' });

    const noExp = await ring.sign({ role: 'anon', iss: 'supabase', iat: now });
    const expired = await ring.sign({ role: 'anon', iss: 'supabase', iat: now - 120, exp: now - 60 });
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const otherKey = await new SignJWT({ role: 'anon' }).setProtectedHeader({ alg: 'ES256', kid: ring.currentKid }).setExpirationTime(TOKEN_TTL).sign(privateKey);
    const legacySecret = await new SignJWT({ role: 'anon' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(TOKEN_TTL).sign(secret);
    const hs512 = await new SignJWT({ role: 'anon' }).setProtectedHeader({ alg: 'HS512' }).setExpirationTime(TOKEN_TTL).sign(secret);
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(`{"role":"anon","exp":${now + 3600}}`).toString('base64url')}.`;
    for (const token of [noExp, expired, otherKey, legacySecret, hs512, unsigned]) {
      const r = await post(token, '{}');
      expect(r.status).toBe(401);
      expect(await r.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    }
  });

  it('refuses bodies over 64 KB with 413 before the function runs, declared or streamed', async () => {
    const body = (bytes: number) => {
      const head = '{"name":"Ana","email":"ana@correo.mx","message":"';
      return head + 'a'.repeat(bytes - head.length - 2) + '"}';
    };
    // Exactly 64 KB reaches the function, which refuses the long message itself.
    const atLimit = await post(inject('publishableKey'), body(64 * 1024));
    expect(atLimit.status).toBe(400);
    expect(await atLimit.json()).toEqual({ error: 'Tu mensaje es muy largo (máximo 5000 caracteres).' });

    const over = await post(inject('publishableKey'), body(64 * 1024 + 1));
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ error: 'La petición es demasiado grande (máximo 64 KB).' });

    // Without a content-length (chunked), the host stops reading at the limit.
    const huge = new TextEncoder().encode(body(5 * 1024 * 1024));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < huge.length; i += 16 * 1024) controller.enqueue(huge.subarray(i, i + 16 * 1024));
        controller.close();
      },
    });
    const streamed = await fetch(contactUrl(), {
      method: 'POST',
      headers: { apikey: inject('publishableKey'), 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({ error: 'La petición es demasiado grande (máximo 64 KB).' });
  });

  it('caps every contact field with a Spanish 400 and mails nothing', async () => {
    const from = ownAddress();
    const valid = { name: 'Ana', email: uniqueEmail('tope'), message: 'Hola' };
    const cases: Array<[Record<string, string>, string]> = [
      [{ name: 'N'.repeat(101) }, 'Tu nombre es muy largo (máximo 100 caracteres).'],
      [{ name: 'Ana\r\nBcc: otro@example.com' }, 'Tu nombre tiene caracteres no válidos.'],
      [{ email: `${'a'.repeat(245)}@correo.mx` }, 'Tu correo es muy largo (máximo 254 caracteres).'],
      [{ message: 'm'.repeat(5001) }, 'Tu mensaje es muy largo (máximo 5000 caracteres).'],
    ];
    for (const [change, error] of cases) expect(await postFrom(from, { ...valid, ...change })).toEqual({ status: 400, body: { error } });
    // Fields at their caps go through (and count towards this address's allowance).
    const atCaps = await postFrom(from, { name: ` ${'N'.repeat(100)} `, email: `${'a'.repeat(244)}@correo.mx`, message: 'm'.repeat(5000) });
    expect(atCaps).toEqual({ status: 200, body: { ok: true, message: '✅ Mensaje enviado. ¡Gracias por contactarnos!' } });
    expect((await waitForMail('contacto@quinielazo.mx', { subject: 'N'.repeat(100) })).body.text).toContain('a'.repeat(244));
  });

  it('lets one address send 5 messages per 10 minutes, then answers 429 in Spanish; others still get through', async () => {
    const from = ownAddress();
    const stamp = `${process.pid}-${Date.now()}`;
    for (let i = 1; i <= 5; i++) {
      const r = await postFrom(from, { name: `Límite ${stamp} ${i}`, email: 'visita@correo.mx', message: `Mensaje ${i}` });
      expect(r.status).toBe(200);
    }
    for (let i = 1; i <= 5; i++) await waitForMail('contacto@quinielazo.mx', { subject: `Límite ${stamp} ${i}` });
    const limited = { status: 429, body: { error: 'Ya recibimos 5 mensajes tuyos en los últimos 10 minutos. Espera un poco antes de escribirnos de nuevo.' } };
    expect(await postFrom(from, { name: `Límite ${stamp} 6`, email: 'visita@correo.mx', message: 'Mensaje 6' })).toEqual(limited);
    // The caller's address comes from the connection, not from a header the caller sends.
    expect(await postFrom(from, { name: `Límite ${stamp} 7`, email: 'visita@correo.mx', message: 'Mensaje 7' }, { 'x-forwarded-for': ownAddress() })).toEqual(limited);
    expect((await postFrom(ownAddress(), { name: `Límite ${stamp} otra`, email: 'visita@correo.mx', message: 'Hola' })).status).toBe(200);
    await waitForMail('contacto@quinielazo.mx', { subject: `Límite ${stamp} otra` });
    const inbox = await (await fetch(`${inject('inboxUrl')}/api/v1/mailbox/contacto`)).json();
    expect(inbox.filter((m: { subject: string }) => m.subject.startsWith(`Contacto: Límite ${stamp} `)).map((m: { subject: string }) => m.subject).sort()).toEqual(
      [1, 2, 3, 4, 5, 'otra'].map((n) => `Contacto: Límite ${stamp} ${n}`).sort(),
    );
  });

  it('answers 404 for an unknown function name', async () => {
    const r = await fetch(`${inject('apiUrl')}/functions/v1/no-existe`, { method: 'POST', headers: { authorization: `Bearer ${inject('anonKey')}` } });
    expect(r.status).toBe(404);
  });
});
