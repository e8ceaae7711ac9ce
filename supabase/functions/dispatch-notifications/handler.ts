// The outbox's dispatcher (POST, no body needed): sends every due notice by push or e-mail and
// answers how many went. Only the scheduler calls it, with the service role key (pg_cron in
// production, supabase/local/scheduler.ts here); the JWT is verified before it runs
// (verify_jwt), so this only reads its role.
import { serviceClient } from '../_shared/admin.ts';
import { callerClaims } from '../_shared/claims.ts';
import { corsHeaders, json } from '../_shared/http.ts';
import { dispatch } from '../_shared/notify.ts';

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders });
  if (req.method !== 'POST') return json(405, { error: 'Método no permitido.' });
  if (callerClaims(req)?.role !== 'service_role') return json(403, { error: 'Solo el programador de tareas puede enviar los avisos.' });
  try {
    return json(200, await dispatch(serviceClient()));
  } catch (e) {
    console.error('dispatch-notifications', e);
    return json(503, { error: 'No pudimos enviar los avisos: la base de datos no está disponible.' });
  }
}
