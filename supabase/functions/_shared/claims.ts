// The caller's JWT claims. Its signature and expiry were checked before the function ran
// (verify_jwt); what it claims is checked here, before any query runs under it. GoTrue's
// tokens carry a user's UUID as `sub`; one that does not (signable only with the project's JWT
// secret) would fail every query as PostgreSQL's 22P02, which is a bad session, not an outage.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { apiKey, env } from './env.ts';
import { json } from './http.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const INVALID_SESSION = 'Tu sesión no es válida: vuelve a iniciar sesión.';

/** The bearer token's claims, or null when there is no readable token. */
export function callerClaims(req: Request): Record<string, unknown> | null {
  const token = /^Bearer (.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const claims = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A 401 when the caller's token claims a role or a user no session can have; else null. */
export function refuseInvalidSession(req: Request): Response | null {
  const claims = callerClaims(req);
  if (!claims) return null; // no token: the function's own check answers
  const roleOk = claims.role === undefined || (typeof claims.role === 'string' && claims.role !== '');
  const subOk = claims.sub === undefined || (typeof claims.sub === 'string' && UUID.test(claims.sub));
  return roleOk && subOk ? null : json(401, { error: INVALID_SESSION });
}

// ---------------------------------------------------------------------------------------------
// Callers verified in the function's own code (issue 42): with the new keys Supabase recommends
// `verify_jwt = false` and checking the caller's JWT with getClaims() instead, which verifies an
// asymmetric (ES256) token against the project's JWKS, fetched once and cached, with no round trip
// to Auth; a legacy HS256 token it can only check by asking Auth (getUser), which refuses a token
// with no user (the legacy anon and service_role keys among them). A request made with a secret
// or publishable key reaches the function with the gateway's JWT of that key's role.

let verifier: SupabaseClient | undefined;
function claimsVerifier(): SupabaseClient {
  verifier ??= createClient(env('SUPABASE_URL'), apiKey('publishable'), { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
  return verifier;
}

/** The caller's verified claims, or the 401 answer hosted's verify_jwt gave (same bodies). */
export async function verifiedCaller(req: Request): Promise<{ claims: Record<string, unknown> } | Response> {
  const token = /^Bearer (.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
  if (!token) return json(401, { code: 401, message: 'Missing authorization header' });
  try {
    const { data, error } = await claimsVerifier().auth.getClaims(token);
    if (error || !data) return json(401, { code: 401, message: 'Invalid JWT' });
    return { claims: data.claims as Record<string, unknown> };
  } catch {
    return json(401, { code: 401, message: 'Invalid JWT' });
  }
}
