// The local platform's fixed development settings: the same ports and keys as the
// Supabase CLI, so anything that assumes a CLI project works. Never used in production.
export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/**
 * The new generation of API keys (supabase/local/keys.ts): the same local values the Supabase
 * CLI prints as "Publishable" and "Secret" in `supabase status`.
 */
export const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

/**
 * The local ES256 JWT signing key (private JWK), fixed like the keys above so sessions survive a
 * restart of `npm start`. Its public half is the JWKS at /auth/v1/.well-known/jwks.json.
 */
export const SIGNING_KEY_LOCAL = {
  kty: 'EC',
  crv: 'P-256',
  x: 'I45fd2Q8ARkpwn5IPVuGE6CS7VQ0fpZdOFmDFACA9HM',
  y: 'i3OlE-_q-9P2Kl40b4xuE0HONWXQRPAenl7mLk2vWB4',
  d: 'y5rtnOcLuotK_yhfRNFDx_HeXRhUXsoCfcVKrBdg6VE',
};

export interface PlatformPorts {
  api: number; // gateway: /rest/v1 /auth/v1 /realtime/v1 /functions/v1
  db: number;
  inbox: number; // inbox web page + JSON API
  smtp: number;
  app: number; // the built PWA
  mercadopago: number; // the MercadoPago stand-in: REST API, checkout page, test hooks
  football: number; // the API-Football stand-in: its v3 API and the match clock's hooks
}

export const DEFAULT_PORTS: PlatformPorts = {
  api: Number(process.env.API_PORT ?? 54321),
  db: Number(process.env.DB_PORT ?? 54322),
  inbox: Number(process.env.INBOX_PORT ?? 54324),
  smtp: Number(process.env.SMTP_PORT ?? 54325),
  app: Number(process.env.APP_PORT ?? 5173),
  mercadopago: Number(process.env.MERCADOPAGO_PORT ?? 54326),
  football: Number(process.env.FOOTBALL_PORT ?? 54327),
};

export const DB_SUPERUSER = 'postgres';
export const DB_PASSWORD = 'postgres';
/** PostgREST logs in as this role and switches to anon / authenticated / service_role per request. */
export const AUTHENTICATOR_PASSWORD = 'authenticator-local-password';

/**
 * Local web push (VAPID) keys, fixed like the keys above so a subscription made against
 * `npm start` keeps working across restarts. Production sets its own (docs/deploy.md).
 */
export const VAPID_PUBLIC_KEY = 'BLadl9E5lZH-9xkQcYL31fdp7xGIzEKRzPdGs1JBmoL3eWFw1Sc9KavdYZxGOmXRGdy7zNvHnqzKEbmaGzO2iko';
export const VAPID_PRIVATE_KEY = '2RCIIRgF8w7R1j7_ugzzUhVMz4TyWM14BOQzbThojT4';
export const VAPID_SUBJECT = 'mailto:soporte@quinielazo.mx';

/**
 * The local MercadoPago stand-in's credentials (supabase/local/mercadopago): the access token its
 * REST API accepts and the secret it signs webhooks with. Production sets its own
 * MERCADOPAGO_ACCESS_TOKEN and MERCADOPAGO_WEBHOOK_SECRET (docs/local-mercadopago.md).
 */
export const MERCADOPAGO_ACCESS_TOKEN_LOCAL = 'TEST-local-access-token';
export const MERCADOPAGO_WEBHOOK_SECRET_LOCAL = 'local-mercadopago-webhook-secret';

/**
 * The key the local API-Football (supabase/local/football) accepts in x-apisports-key. Production
 * sets FOOTBALL_API_KEY to the account's key and leaves FOOTBALL_API_URL unset (docs/local-football.md).
 */
export const FOOTBALL_API_KEY_LOCAL = 'local-apisports-key';
