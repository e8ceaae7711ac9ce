// GoTrue's storage in the auth schema: users, identities, sessions, rotating refresh tokens,
// and the two GoTrue tables the bootstrap does not create (mfa_amr_claims for the `amr`
// claim across refreshes, flow_state for PKCE). Also the access token (signed by the key in use, GoTrue's claims).
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';

export const OTP_TTL = 3600; // mailer otp_exp default
/** Seconds a revoked refresh token may still be swapped (Supabase CLI and hosted default). */
export const REFRESH_TOKEN_REUSE_INTERVAL = 10;


export type Queryable = pg.Pool | pg.PoolClient;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_confirm_status: number | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  is_anonymous: boolean;
}

/** Who signs access tokens and for how long: the issuer URL and config.toml's [auth] jwt_expiry. */
export interface TokenIssuer {
  issuer: string;
  ttl: number;
  /** Signs with the project's signing key in use (ES256 with its kid; supabase/local/keys.ts). */
  sign(claims: Record<string, unknown>): Promise<string>;
}

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select * from auth.users where lower(email) = lower($1) and is_sso_user = false and deleted_at is null limit 1`,
    [email],
  );
  return rows[0];
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select * from auth.users where id = $1 and deleted_at is null`, [id]);
  return rows[0];
}

/** GoTrue's User JSON (time fields only when set, like its `omitempty` pointers). */
export async function userJson(db: Queryable, u: UserRow): Promise<Record<string, unknown>> {
  const { rows: identities } = await db.query(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at`,
    [u.id],
  );
  const t = (d: Date | null) => (d ? new Date(d).toISOString() : undefined);
  const out: Record<string, unknown> = {
    id: u.id,
    aud: u.aud ?? 'authenticated',
    role: u.role ?? 'authenticated',
    email: u.email ?? '',
    email_confirmed_at: t(u.email_confirmed_at),
    invited_at: t(u.invited_at),
    phone: u.phone ?? '',
    phone_confirmed_at: t(u.phone_confirmed_at),
    confirmation_sent_at: t(u.confirmation_sent_at),
    confirmed_at: t(u.confirmed_at),
    recovery_sent_at: t(u.recovery_sent_at),
    new_email: u.email_change || undefined,
    email_change_sent_at: u.email_change ? t(u.email_change_sent_at) : undefined,
    last_sign_in_at: t(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: t(i.last_sign_in_at),
      created_at: t(i.created_at),
      updated_at: t(i.updated_at),
      email: i.email ?? undefined,
    })),
    created_at: t(u.created_at),
    updated_at: t(u.updated_at),
    banned_until: t(u.banned_until),
    is_anonymous: u.is_anonymous ?? false,
  };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}

const ALPHANUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** GoTrue's refresh tokens are short random strings (12 characters). */
function newRefreshToken(): string {
  const bytes = randomBytes(12);
  return [...bytes].map((b) => ALPHANUM[b % ALPHANUM.length]).join('');
}

export type AmrMethod = 'password' | 'otp' | 'recovery' | 'magiclink' | 'email/signup' | 'invite';

async function signAccessToken(
  db: Queryable,
  { issuer, ttl, sign }: TokenIssuer,
  user: UserRow,
  sessionId: string,
): Promise<{ token: string; expiresAt: number }> {
  const { rows } = await db.query<{ method: string; ts: number }>(
    `select authentication_method as method, extract(epoch from updated_at)::bigint as ts
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ttl;
  const token = await sign({
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    iss: issuer,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal: 'aal1',
    amr: rows.map((r) => ({ method: r.method, timestamp: Number(r.ts) })),
    session_id: sessionId,
    is_anonymous: user.is_anonymous ?? false,
  });
  return { token, expiresAt: exp };
}

/** Starts a session (sign-in, verified link): session row, amr claim, first refresh token. */
export async function createSession(db: Queryable, issuer: TokenIssuer, user: UserRow, method: AmrMethod, userAgent?: string): Promise<SessionResponse> {
  const sessionId = randomUUID();
  await db.query(`insert into auth.sessions (id, user_id, aal, user_agent, refreshed_at) values ($1, $2, 'aal1', $3, now() at time zone 'utc')`, [
    sessionId,
    user.id,
    userAgent ?? null,
  ]);
  await db.query(`insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)`, [sessionId, method]);
  const refresh = newRefreshToken();
  await db.query(`insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id) values ($1, $2, $3, false, null, $4)`, [
    '00000000-0000-0000-0000-000000000000',
    refresh,
    user.id,
    sessionId,
  ]);
  return sessionResponse(db, issuer, user, sessionId, refresh);
}

export async function sessionResponse(db: Queryable, issuer: TokenIssuer, user: UserRow, sessionId: string, refresh: string): Promise<SessionResponse> {
  const { token, expiresAt } = await signAccessToken(db, issuer, user, sessionId);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: issuer.ttl,
    expires_at: expiresAt,
    refresh_token: refresh,
    user: await userJson(db, user),
  };
}

/**
 * The everyday refresh in one statement: an unrevoked token of a live session of a user who is
 * not banned is revoked and its child issued, the session marked refreshed. One round trip that
 * holds no connection across the server's own turns, so a crowd of installed apps refreshing at
 * once (the Saturday rush) is not queued behind the auth pool. Undefined when any condition
 * fails: the caller then takes the full path, which answers each case as GoTrue does (reuse
 * interval, family revoked, session expired, banned, not found). The user is found by his key
 * (`user_id` is text in GoTrue's table: cast to the key's type, never the key to text, which read
 * every user on every refresh: 20,000 players' rush spent most of its 503 s there).
 */
export async function rotateRefreshToken(db: Queryable, presented: string): Promise<{ user: UserRow; sessionId: string; token: string } | undefined> {
  const token = newRefreshToken();
  const { rows } = await db.query<UserRow & { refreshed_session_id: string }>(
    `with revoked as (
       update auth.refresh_tokens t set revoked = true, updated_at = now()
       from auth.sessions s, auth.users u
       where t.token = $1 and not t.revoked and s.id = t.session_id and u.id = t.user_id::uuid and u.deleted_at is null
         and (s.not_after is null or s.not_after >= now()) and (u.banned_until is null or u.banned_until <= now())
       returning t.token, t.user_id, t.session_id
     ), issued as (
       insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id)
       select '00000000-0000-0000-0000-000000000000', $2, r.user_id, false, r.token, r.session_id from revoked r
       returning session_id
     ), refreshed as (
       update auth.sessions s set refreshed_at = now() at time zone 'utc', updated_at = now() from issued i where s.id = i.session_id
       returning s.id
     )
     select u.*, f.id as refreshed_session_id from refreshed f join revoked r on r.session_id = f.id join auth.users u on u.id = r.user_id::uuid`,
    [presented, token],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { refreshed_session_id: sessionId, ...user } = row;
  return { user: user as UserRow, sessionId, token };
}

/** Inserts the next refresh token of a session, child of `parent`. */
export async function swapRefreshToken(db: Queryable, userId: string, sessionId: string, parent: string): Promise<string> {
  const token = newRefreshToken();
  await db.query(`insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id) values ($1, $2, $3, false, $4, $5)`, [
    '00000000-0000-0000-0000-000000000000',
    token,
    userId,
    parent,
    sessionId,
  ]);
  await db.query(`update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now() where id = $1`, [sessionId]);
  return token;
}
