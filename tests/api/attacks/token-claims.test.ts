// Finding (issue 27, item 7): a validly signed token whose `sub` is not a UUID got 503 "la base
// de datos no está disponible" from the admin functions: is_admin() failed as PostgreSQL's 22P02
// under that token, and every error but 401/403 was taken for an outage. The functions now check
// the claims before querying (401), and only a 5xx or no answer counts as the database down.
import { describe, expect, inject, it } from 'vitest';
import { defaultKeyRing } from '../../../supabase/local/keys.ts';
import { createPlayer } from '../../support/players.ts';
import { JWT_EXPIRY } from '../../support/token-ttl.ts';

/** Signed with the project's signing key (ES256, its kid): a token that verifies, claims and all. */
const sign = (claims: Record<string, unknown>) => {
  const iat = Math.floor(Date.now() / 1000);
  return defaultKeyRing().sign({ ...claims, iat, exp: iat + JWT_EXPIRY });
};

async function call(name: string, token: string): Promise<{ status: number; body: unknown }> {
  const r = await fetch(`${inject('apiUrl')}/functions/v1/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, apikey: inject('publishableKey'), 'content-type': 'application/json' },
    body: JSON.stringify({ quinielaId: 1, packType: 'single', subject: 'Hola', html: '<p>Hola</p>' }),
  });
  return { status: r.status, body: await r.json() };
}

// Every function that queries under the caller's own token.
const UNDER_CALLERS_TOKEN = ['send-custom-email', 'send-scores-email', 'quinielazo-reminder', 'finalize-round', 'create-preference'];
const invalidSession = { error: 'Tu sesión no es válida: vuelve a iniciar sesión.' };

describe("attack: tokens whose claims no session has", () => {
  it('a signed token whose sub is not a UUID gets 401, never "the database is down"', async () => {
    for (const sub of ['not-a-uuid', '', 42, '1234', { id: 1 }, `{${crypto.randomUUID()}}`]) {
      const token = await sign({ role: 'authenticated', aud: 'authenticated', sub });
      for (const name of UNDER_CALLERS_TOKEN) expect(await call(name, token), `${name} sub=${JSON.stringify(sub)}`).toEqual({ status: 401, body: invalidSession });
    }
  });

  it('a role that is not a name gets 401 too', async () => {
    for (const role of ['', 7, ['authenticated']]) {
      const token = await sign({ role, sub: crypto.randomUUID() });
      for (const name of UNDER_CALLERS_TOKEN) expect((await call(name, token)).status, `${name} role=${JSON.stringify(role)}`).toBe(401);
    }
  });

  it("a real player's token is still refused as no admin (403), and the publishable key likewise", async () => {
    const player = await createPlayer();
    for (const name of ['send-custom-email', 'send-scores-email', 'quinielazo-reminder', 'finalize-round']) {
      expect(await call(name, player.accessToken), name).toEqual({ status: 403, body: { error: 'Acceso restringido a administradores.' } });
      expect((await call(name, inject('publishableKey'))).status, name).toBe(403);
    }
  });
});
