// The outbox's dispatcher (POST, no body needed): sends every due notice by push or e-mail and
// answers how many went. Only the scheduler calls it, with a secret key (pg_cron in production,
// supabase/local/scheduler.ts here), which the gateway turns into a service_role JWT. The function
// verifies that JWT itself with getClaims() (the project's JWKS; `verify_jwt = false` in
// config.toml, as Supabase recommends for the new keys) and then reads its role.
import { serviceClient } from '../_shared/admin.ts';
import { verifiedCaller } from '../_shared/claims.ts';
import { corsHeaders, json } from '../_shared/http.ts';
import { dispatch } from '../_shared/notify.ts';

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders });
  if (req.method !== 'POST') return json(405, { error: 'Método no permitido.' });
  const caller = await verifiedCaller(req);
  if (caller instanceof Response) return caller;
  if (caller.claims.role !== 'service_role') return json(403, { error: 'Solo el programador de tareas puede enviar los avisos.' });
  try {
    return json(200, await dispatch(serviceClient()));
  } catch (e) {
    console.error('dispatch-notifications', e);
    return json(503, { error: 'No pudimos enviar los avisos: la base de datos no está disponible.' });
  }
}
