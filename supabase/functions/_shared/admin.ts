// Admin-only functions: the caller's JWT (verified here with getClaims) says who he is and the database says whether he is
// an admin (public.is_admin() under his own token), so no admin key ever reaches a browser.
// The bulk reads and sends then use a service-role client.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { INVALID_SESSION, refuseInvalidSession, verifiedCaller } from './claims.ts';
import { apiKey, env } from './env.ts';
import { corsHeaders, json, readJson } from './http.ts';

const ADMIN_ONLY = 'Acceso restringido a administradores.';
const DATABASE_UNAVAILABLE = 'No pudimos comprobar tus permisos: la base de datos no está disponible. Intenta de nuevo en unos minutos.';

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/** A client on the project's secret key (acts as service_role): bypasses RLS, for reads and sends after the admin check. */
export function serviceClient(): SupabaseClient {
  return createClient(env('SUPABASE_URL'), apiKey('secret'), { auth: noSession });
}

/** Null when the caller is an admin; otherwise the response to answer. */
async function refuseNonAdmin(req: Request): Promise<Response | null> {
  // The caller's JWT, verified here (getClaims against the JWKS; verify_jwt = false in config.toml),
  // with the answers verify_jwt gave: 401 without one or with one that does not verify.
  const verified = await verifiedCaller(req);
  if (verified instanceof Response) return verified;
  const authorization = req.headers.get('authorization')!;
  const invalid = refuseInvalidSession(req);
  if (invalid) return invalid;
  const caller = createClient(env('SUPABASE_URL'), apiKey('publishable'), {
    auth: noSession,
    global: { headers: { Authorization: authorization } },
  });
  const { data, error, status } = await caller.rpc('is_admin');
  // Only an unreachable database or API (5xx, or no answer at all) is an outage; the database's
  // own "no" (false, or his token refused: 401/403) means "not an admin", and any other refusal
  // of the request (4xx: claims PostgreSQL cannot read) a bad session.
  if (error && (status === 0 || status >= 500)) return json(503, { error: DATABASE_UNAVAILABLE });
  if (error && status !== 401 && status !== 403) return json(401, { error: INVALID_SESSION });
  if (error || data !== true) return json(403, { error: ADMIN_ONLY });
  return null;
}

/**
 * The common start of every admin function: the CORS preflight, POST only, admins only.
 * Null when the request may go on; otherwise the response to answer.
 */
export async function refuseAdminRequest(req: Request): Promise<Response | null> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders });
  if (req.method !== 'POST') return json(405, { error: 'Método no permitido.' });
  return refuseNonAdmin(req);
}

/**
 * The per-round mailers' start: refuseAdminRequest, then the body's `quinielaId` (and the rest of
 * the body, e.g. its `batchId`); else the response to answer.
 */
export async function adminRoundRequest(req: Request): Promise<{ id: number; body: Record<string, unknown> | null } | Response> {
  const refused = await refuseAdminRequest(req);
  if (refused) return refused;
  const body = await readJson(req);
  const id = roundId(body?.quinielaId);
  return id === null ? json(400, { error: 'Ingresa un ID de quiniela válido.' }) : { id, body };
}

/** A positive integer round id from a JSON body value (number or numeric string), else null. */
export function roundId(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * Runs `task` over `items` with at most `limit` in flight; counts the ones that succeeded, and
 * tells `onProgress` the counts after each one (the admin's progress line).
 */
export async function sendAll<T>(
  items: T[], task: (item: T) => Promise<void>, limit = 5, onProgress?: (sent: number, failed: number) => void,
): Promise<{ sent: number; failed: number }> {
  let next = 0;
  let sent = 0;
  let failed = 0;
  async function worker() {
    while (next < items.length) {
      const item = items[next++];
      try {
        await task(item);
        sent++;
      } catch (e) {
        failed++;
        console.error('envío fallido', e);
      }
      onProgress?.(sent, failed);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return { sent, failed };
}
