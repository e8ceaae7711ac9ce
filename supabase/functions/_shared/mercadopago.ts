// The official MercadoPago SDK, configured from the function's secrets. Production talks to
// api.mercadopago.com; the local platform sets MERCADOPAGO_API_URL to its stand-in
// (supabase/local/mercadopago), so the same code runs against both.
import { MercadoPagoConfig } from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import { env, optionalEnv } from './env.ts';

export function mercadoPago(): MercadoPagoConfig {
  const base = optionalEnv('MERCADOPAGO_API_URL');
  // The SDK keeps its base URL in one static field; only a local or test setup changes it.
  if (base) (AppConfig as { BASE_URL: string }).BASE_URL = base.replace(/\/+$/, '');
  return new MercadoPagoConfig({ accessToken: env('MERCADOPAGO_ACCESS_TOKEN'), options: { timeout: 10_000 } });
}
