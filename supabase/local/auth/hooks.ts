// Supabase Auth's "before user created" hook with a Postgres function, as configured in
// supabase/config.toml:
//   [auth.hook.before_user_created]
//   enabled = true
//   uri = "pg-functions://postgres/<schema>/<function>"
// The function gets {metadata, user} and returns {} to go on, or {error: {http_code, message}}
// to refuse: the sign-up then answers that status and message and no user is created.
import { randomUUID } from 'node:crypto';
import { configTable, readSupabaseConfig } from '../config-toml.ts';
import { AuthError } from './errors.ts';
import type { Queryable } from './store.ts';

interface BeforeUserCreatedHook {
  schema: string;
  fn: string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export function loadBeforeUserCreatedHook(configFile: string): BeforeUserCreatedHook | null {
  const hook = configTable(readSupabaseConfig(configFile), 'auth.hook.before_user_created');
  if (hook.enabled !== true) return null;
  const uri = /^pg-functions:\/\/[^/]+\/([^/]+)\/([^/]+)$/.exec(typeof hook.uri === 'string' ? hook.uri : '');
  if (!uri || !IDENTIFIER.test(uri[1]) || !IDENTIFIER.test(uri[2])) throw new Error('[auth.hook.before_user_created] needs uri = "pg-functions://postgres/<schema>/<function>"');
  return { schema: uri[1], fn: uri[2] };
}

const ERROR_CODE = new Map([[409, 'conflict'], [422, 'validation_failed'], [429, 'over_request_rate_limit']]);

/** Runs the hook for a user about to be created; throws the hook's refusal as GoTrue answers it. */
export async function runBeforeUserCreated(
  db: Queryable,
  hook: BeforeUserCreatedHook | null,
  user: { id: string; email: string; userMetadata: Record<string, unknown>; appMetadata: Record<string, unknown> },
  ipAddress: string | undefined,
): Promise<void> {
  if (!hook) return;
  const now = new Date().toISOString();
  const event = {
    metadata: { uuid: randomUUID(), time: now, name: 'before-user-created', ip_address: ipAddress ?? '' },
    user: {
      id: user.id,
      aud: 'authenticated',
      role: '',
      email: user.email,
      phone: '',
      app_metadata: user.appMetadata,
      user_metadata: user.userMetadata,
      identities: [],
      created_at: now,
      updated_at: now,
      is_anonymous: false,
    },
  };
  const { rows } = await db.query<{ out: unknown }>(`select "${hook.schema}"."${hook.fn}"($1::jsonb) as out`, [JSON.stringify(event)]);
  const out = rows[0]?.out;
  const error = out && typeof out === 'object' ? (out as { error?: unknown }).error : undefined;
  if (!error || typeof error !== 'object') return;
  const { http_code: httpCode, message } = error as { http_code?: unknown; message?: unknown };
  const status = typeof httpCode === 'number' && Number.isInteger(httpCode) && httpCode >= 400 && httpCode < 600 ? httpCode : 500;
  throw new AuthError(status, ERROR_CODE.get(status) ?? (status < 500 ? 'validation_failed' : 'unexpected_failure'), typeof message === 'string' && message ? message : 'Error running hook');
}
