// Starts a Pro purchase (/pro): the database checks the buyer (the caller's JWT, never a body
// field), his 18+ confirmation, the pack and that the round is open, and records the checkout
// (start_pro_checkout); then MercadoPago gets a preference with one item at the pack's price,
// the checkout's id as external_reference, the webhook as notification_url and the way back to
// /pro/<round>. The browser is sent to the init_point it returns. Nothing is credited here:
// only the webhook credits entries, after fetching the payment (docs/pro.md).
import { createClient } from '@supabase/supabase-js';
import { Preference } from 'mercadopago';
import { roundId, serviceClient } from '../_shared/admin.ts';
import { refuseInvalidSession, verifiedCaller } from '../_shared/claims.ts';
import { apiKey, env, optionalEnv } from '../_shared/env.ts';
import { corsHeaders, json, readJson } from '../_shared/http.ts';
import { mercadoPago } from '../_shared/mercadopago.ts';

const PRO_ERRORS = {
  missingRound: 'Falta el ID de la quiniela.',
  missingPack: 'Falta el tipo de paquete.',
  badPack: 'Paquete no válido.',
  provider: 'No se pudo iniciar el pago con MercadoPago. Intenta de nuevo en unos minutos.',
  noCheckoutUrl: 'No checkout URL returned',
  unavailable: 'No pudimos iniciar el pago: el servidor no está disponible. Intenta de nuevo en unos minutos.',
  signIn: 'Debes iniciar sesión.',
} as const;

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/** The HTTP status of the database's refusal: its own codes (start_pro_checkout); a visitor's
 * call (the anon key as the token: PostgreSQL's "permission denied for function", not the
 * function's own 42501); too many checkouts in a few minutes (QZ429); and any other data error
 * (SQLSTATE classes 22 and 23, e.g. a pack name
 * PostgreSQL cannot store) or a request PostgREST cannot read (PGRST1xx, e.g. a lone surrogate
 * in the pack) is the request's fault, never an outage. */
function statusOf(error: { code?: string; message: string }): number {
  const { code } = error;
  if (code === '42501') return error.message.startsWith('permission denied') ? 401 : 403;
  if (code === 'P0002') return 404;
  if (code === 'QZ429') return 429;
  if (code?.startsWith('22') || code?.startsWith('23') || code?.startsWith('PGRST1')) return 400;
  return 503;
}

/** What the player reads: start_pro_checkout's own Spanish messages; PostgreSQL's and PostgREST's
 * for other refusals are English and technical, and the pack is the only free text in the request. */
function refusalText(status: number, code: string | undefined, message: string): string {
  if (status === 503) return PRO_ERRORS.unavailable;
  if (status === 401) return PRO_ERRORS.signIn;
  if (status === 400 && code !== '22023') return PRO_ERRORS.badPack;
  return message;
}

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders });
  if (req.method !== 'POST') return json(405, { error: 'Método no permitido.' });
  // The buyer's JWT, verified here with getClaims() (the JWKS; verify_jwt = false in config.toml).
  const verified = await verifiedCaller(req);
  if (verified instanceof Response) return verified;
  const invalid = refuseInvalidSession(req);
  if (invalid) return invalid;
  const body = await readJson(req);
  const quinielaId = roundId(body?.quinielaId);
  if (!quinielaId) return json(400, { error: PRO_ERRORS.missingRound });
  const packType = typeof body?.packType === 'string' ? body.packType.trim() : '';
  if (!packType) return json(400, { error: PRO_ERRORS.missingPack });

  const caller = createClient(env('SUPABASE_URL'), apiKey('publishable'), {
    auth: noSession,
    global: { headers: { Authorization: req.headers.get('authorization') ?? '' } },
  });
  const { data, error } = await caller.rpc('start_pro_checkout', { p_quiniela: quinielaId, p_pack: packType });
  if (error) {
    const status = statusOf(error);
    return json(status, { error: refusalText(status, error.code, error.message) });
  }
  const checkout = (data as { checkout_id: string; title: string; price_mxn: number | string }[])[0]!;

  const site = env('SITE_URL').replace(/\/+$/, '');
  const back = (outcome: string) => `${site}/pro/${quinielaId}?pago=${outcome}`;
  let preference: { id?: string; init_point?: string; sandbox_init_point?: string };
  try {
    preference = await new Preference(mercadoPago()).create({
      body: {
        items: [{ id: packType, title: checkout.title, quantity: 1, unit_price: Number(checkout.price_mxn), currency_id: 'MXN' }],
        external_reference: checkout.checkout_id,
        notification_url: optionalEnv('MERCADOPAGO_NOTIFICATION_URL') ?? `${env('SUPABASE_URL').replace(/\/+$/, '')}/functions/v1/mercadopago-webhook`,
        back_urls: { success: back('aprobado'), failure: back('rechazado'), pending: back('pendiente') },
        auto_return: 'approved',
        statement_descriptor: 'QUINIELAZO',
        metadata: { quiniela_id: quinielaId, pack_type: packType },
      },
      // One checkout, one preference, even if this request is retried.
      requestOptions: { idempotencyKey: checkout.checkout_id },
    });
  } catch (e) {
    console.error('create-preference: MercadoPago refused the preference', e);
    return json(502, { error: PRO_ERRORS.provider });
  }
  const url = preference.init_point ?? preference.sandbox_init_point;
  if (!url) return json(502, { error: PRO_ERRORS.noCheckoutUrl });
  if (preference.id) {
    const saved = await serviceClient().from('pro_checkouts').update({ preference_id: preference.id }).eq('id', checkout.checkout_id);
    if (saved.error) console.error('create-preference: could not store the preference id', saved.error.message);
  }
  return json(200, { init_point: preference.init_point ?? null, sandbox_init_point: preference.sandbox_init_point ?? null, checkout_id: checkout.checkout_id });
}
