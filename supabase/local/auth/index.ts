// The local auth server: GoTrue's HTTP contract for every call @supabase/supabase-js makes in
// Quinielazo (sign-up with e-mail confirmation, password and refresh-token grants with
// rotation, user read/update, logout, recovery, verify links and OTPs, PKCE, settings) plus
// the admin user calls tests use with the service role key. Same status codes, error codes
// and JSON shapes as GoTrue, so the app cannot tell it from hosted Supabase Auth.
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pg from 'pg';
import { defaultKeyRing } from '../keys.ts';
import { platformConfigFile } from '../config-toml.ts';
import { sendMail } from '../mail/send.ts';
import type { MailMessage, MountedService, PlatformContext } from '../service.ts';
import { API_VERSION, AuthError, badRequest, errorBody, forbidden, notFound, unauthorized, unprocessable } from './errors.ts';
import { loadBeforeUserCreatedHook, runBeforeUserCreated } from './hooks.ts';
import { authMail, loadAuthTemplates, type MailKind } from './mails.ts';
import { FIVE_MINUTES, loadRateLimits, ONE_HOUR, Counter, TYPOS_UNDER_ATTACK, type AuthRateLimits } from './limits.ts';
import { loadAuthSettings } from './settings.ts';
import { checkPasswordStrength, hashPassword as hashAtCost, loadPasswordPolicy, PASSWORD_HASH_COST, passwordMatches } from './password.ts';
import { createAuthPool } from './pool.ts';
import { validateEmail } from './email.ts';
import { codeHashKey, countWrongCode, digitsAlive, forgetCode, newOtp, tokenHash } from './codes.ts';
import {
  createSession,
  findUserByEmail,
  findUserById,
  OTP_TTL,
  REFRESH_TOKEN_REUSE_INTERVAL,
  sessionResponse,
  swapRefreshToken,
  rotateRefreshToken,
  userJson,
  type AmrMethod,
  type Queryable,
  type UserRow,
} from './store.ts';

/** Routes the Supabase gateway serves without an apikey (links opened from an e-mail, OAuth, the JWKS). */
const OPEN_ROUTES = new Set(['/verify', '/callback', '/authorize', '/.well-known/jwks.json']);
const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';
/** GoTrue's words after the first of an e-mail change's two confirmations (verify.go). */
const SINGLE_CONFIRMATION_ACCEPTED = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';
/** GoTrue asks for reauthentication when the session is older than this (user.go, UserUpdate). */
const RECENT_SESSION = '24 hours';
const MAX_BODY_BYTES = 1_000_000;
/** Nesting a JSON body may have: sign-up metadata is flat; 50,000 levels blew the stack (a 500). */
const MAX_JSON_DEPTH = 64;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Compared against when no account matches, so unknown addresses take as long as known ones. */
const DUMMY_HASH = '$2a$10$7PG6qXVk1LHpkWfvS.6YmuTn6uusxyhlIvtke9KKKI87fBljgbx8y';
/** An unconfirmed user's metadata without a sign-up's choices: GoTrue's identity keys only. */
const IDENTITY_KEYS_ONLY = `(select coalesce(jsonb_object_agg(key, value), '{}') from jsonb_each(raw_user_meta_data)
  where key in ('sub', 'email', 'email_verified', 'phone_verified'))`;
/** PostgreSQL error codes and node errors that mean the database is gone, not that the input is bad. */
const DB_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);

export interface AuthOptions {
  /** Overrides config.toml's [auth.rate_limit] (the API test harness raises the per-IP ones). */
  rateLimits?: Partial<AuthRateLimits>;
  /** The config.toml whose [auth] settings to honour (default: `platformConfigFile()`). */
  configFile?: string;
  /** Overrides config.toml's [auth] jwt_expiry, in seconds (GOTRUE_JWT_EXP): `npm run test:calendar`
   * moves the clocks into the past, and the static PostgREST, on the real clock, takes a token
   * only while the real clock is before its `exp` (docs/testing.md). */
  jwtExpiry?: number;
  /** GoTrue's `QuickHashCost` for new passwords (tests only: the E2E platform). */
  quickPasswordHashes?: boolean;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
interface Request {
  req: IncomingMessage;
  method: string;
  route: string;
  query: URLSearchParams;
  body: Json;
  /** Mails to send once the answer is out (see `deliver`). */
  mails: MailMessage[];
}
interface Reply {
  status: number;
  body?: unknown;
  location?: string;
}
interface Caller {
  user: UserRow;
  sessionId: string;
  claims: Json;
}

export function createAuth(ctx: PlatformContext, opts: AuthOptions = {}): MountedService {
  const hashPassword = (password: string) => hashAtCost(password, opts.quickPasswordHashes ? PASSWORD_HASH_COST.quick : PASSWORD_HASH_COST.default);
  // Bounded: a full queue of waiters is answered 429 at once (auth/pool.ts).
  const pool = createAuthPool(ctx.dbUrl);
  // An idle connection dropped by a stopping database must not crash the platform.
  pool.on('error', (e) => ctx.log('auth', `idle connection lost: ${e.message}`));
  const configFile = opts.configFile ?? platformConfigFile();
  const site = loadAuthSettings(configFile);
  const keys = ctx.keys ?? defaultKeyRing();
  const issuer = { issuer: `${ctx.apiUrl}/auth/v1`, ttl: opts.jwtExpiry ?? site.jwtExpiry, sign: (claims: Record<string, unknown>) => keys.sign(claims) };
  const policy = loadPasswordPolicy(configFile);
  const beforeUserCreated = loadBeforeUserCreatedHook(configFile);
  const log = (m: string) => ctx.log('auth', m);
  const limits: AuthRateLimits = { ...loadRateLimits(configFile), ...opts.rateLimits };
  const templates = loadAuthTemplates(configFile);
  const perFiveMinutes = new Counter(FIVE_MINUTES);
  const perHour = new Counter(ONE_HOUR);

  // ---------- abuse limits ----------

  const clientIp = (req: IncomingMessage) => req.socket.remoteAddress ?? 'unknown';
  const tooManyRequests = () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');

  function limitIp(req: IncomingMessage, kind: 'sign_in_sign_ups' | 'token_verifications' | 'token_refresh'): void {
    if (!perFiveMinutes.hit(`${kind}:${clientIp(req)}`, limits[kind])) throw tooManyRequests();
  }

  /** Counted per requested address whether or not it has an account, so a 429 reveals nothing. */
  function limitEmail(email: string): void {
    if (!perHour.hit(`email_sent:${email.toLowerCase()}`, limits.email_sent)) throw new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
  }

  // ---------- helpers ----------

  async function tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const c = await pool.connect();
    try {
      await c.query('begin');
      const out = await fn(c);
      await c.query('commit');
      return out;
    } catch (e) {
      await c.query('rollback').catch(() => {});
      throw e;
    } finally {
      c.release();
    }
  }

  /**
   * GoTrue's allow-list: the site URL (this platform's and config.toml's `site_url`, same origin)
   * and config.toml's `additional_redirect_urls` (exact, or `*` / `**` globs). Anything else,
   * another localhost port included, gets the fallback.
   */
  function redirectOr(candidate: string | null | undefined, fallback: string): string {
    if (!candidate) return fallback;
    try {
      const u = new URL(candidate);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') return fallback;
      const origins = [ctx.siteUrl, site.siteUrl].filter((x): x is string => !!x).map((x) => new URL(x).origin);
      if (origins.includes(u.origin)) return candidate;
      const bare = `${u.origin}${u.pathname}`;
      for (const allowed of site.additionalRedirectUrls) {
        const glob = new RegExp(`^${allowed.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*\*/g, '\u0000').replace(/\*/g, '[^/]*').replaceAll('\u0000', '.*')}$`);
        if (allowed === candidate || allowed === bare || glob.test(bare) || glob.test(candidate)) return candidate;
      }
    } catch {
      /* not a URL: fall back */
    }
    return fallback;
  }

  function verifyLink(hash: string, type: string, redirectTo: string): string {
    const q = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
    return `${ctx.apiUrl}/auth/v1/verify?${q}`;
  }

  /** Queues a mail of the request; it goes out after the answer, and only if the request succeeded. */
  function mail(r: Request, kind: MailKind, to: string, hash: string, otp: string, redirectTo: string, change?: { email: string; newEmail: string }): void {
    r.mails.push(authMail(templates, kind, to, verifyLink(hash, kind, redirectTo), otp, site.siteUrl ?? '', change));
  }

  /**
   * Sends a mail after the answer went out (GoTrue's GOTRUE_MAILER_EMAIL_BACKGROUND_SENDING), so
   * an answer takes as long whether or not a mail follows it: the time of an SMTP round trip
   * told registered addresses from unknown ones (/recover 26 against 5 ms). A failed send is
   * logged, as the client cannot be told any more. One address's mails keep their order.
   */
  const sending = new Map<string, Promise<void>>();
  function deliver(m: MailMessage): void {
    const to = m.to.toLowerCase();
    const next = (sending.get(to) ?? Promise.resolve())
      .then(() => sendMail(ctx.smtp, m))
      .catch((e) => log(`mail "${m.subject}" to ${m.to} failed: ${(e as Error).message}`));
    sending.set(to, next);
    void next.then(() => {
      if (sending.get(to) === next) sending.delete(to);
    });
  }

  /** The database's key for code hashes, read once. */
  let codeKey: Promise<Buffer> | undefined;
  const hashKey = () => {
    codeKey ??= codeHashKey(pool).catch((e) => {
      codeKey = undefined;
      throw e;
    });
    return codeKey;
  };

  function pkce(body: Json): { challenge: string; method: string } | null {
    const challenge = typeof body.code_challenge === 'string' ? body.code_challenge : '';
    const method = typeof body.code_challenge_method === 'string' ? body.code_challenge_method.toLowerCase() : '';
    if (!challenge && !method) return null;
    if (!challenge || !method) throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
    if (method !== 's256' && method !== 'plain') throw badRequest('validation_failed', `code challenge method not supported: ${method}`);
    return { challenge, method };
  }

  async function saveFlowState(db: Queryable, userId: string, p: { challenge: string; method: string }, method: string): Promise<void> {
    await db.query(
      `delete from auth.flow_state where user_id = $1 and authentication_method = $2;`,
      [userId, method],
    );
    await db.query(
      `insert into auth.flow_state (user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method)
       values ($1, $2, $3, $4, 'email', $5)`,
      [userId, randomUUID(), p.method, p.challenge, method],
    );
  }

  /** Bearer token → user and session, with GoTrue's refusals. */
  async function authenticate(req: IncomingMessage): Promise<Caller> {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!m) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
    let claims: Json;
    try {
      claims = (await keys.verify(m[1])) as Json;
    } catch (e) {
      throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${(e as Error).message}`);
    }
    if (typeof claims.sub !== 'string' || !claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
    if (!UUID.test(claims.sub)) throw forbidden('bad_jwt', 'invalid claim: sub claim must be a UUID');
    const user = await findUserById(pool, claims.sub);
    if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
    const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
    if (sessionId) {
      const { rowCount } = await pool.query('select 1 from auth.sessions where id = $1 and user_id = $2', [sessionId, user.id]);
      if (!rowCount) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    return { user, sessionId, claims };
  }

  /** GoTrue's default GOTRUE_JWT_ADMIN_ROLES. */
  const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);
  function requireServiceRole(c: Caller | { claims: Json }): void {
    if (typeof c.claims.role !== 'string' || !ADMIN_ROLES.has(c.claims.role)) throw forbidden('not_admin', 'User not allowed');
  }

  async function serviceCaller(req: IncomingMessage): Promise<void> {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!m) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
    try {
      const claims = (await keys.verify(m[1])) as Json;
      requireServiceRole({ claims });
    } catch (e) {
      if (e instanceof AuthError) throw e;
      throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${(e as Error).message}`);
    }
  }

  const reload = async (db: Queryable, id: string) => (await findUserById(db, id))!;

  // ---------- endpoints ----------

  /** A new user of a sign-up (POST /signup, or /otp making an account), once the before-user-created hook lets it be (GoTrue's signupNewUser). */
  async function signUpNewUser(db: Queryable, req: IncomingMessage, email: string, encryptedPassword: string, data: Json): Promise<UserRow> {
    const id = randomUUID();
    const identityData = { sub: id, email, email_verified: false, phone_verified: false };
    const appMeta = { provider: 'email', providers: ['email'] };
    const userMeta = { ...data, ...identityData };
    await runBeforeUserCreated(db, beforeUserCreated, { id, email, userMetadata: userMeta, appMetadata: appMeta }, req.socket.remoteAddress);
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ($1, $2, 'authenticated', 'authenticated', $3, $4, $5, $6, now(), now())`,
      [INSTANCE_ID, id, email, encryptedPassword, appMeta, userMeta],
    );
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at) values ($1::text, $1::uuid, $2, 'email', now(), now())`,
      [id, identityData],
    );
    return reload(db, id);
  }

  /**
   * A repeated sign-up (or /otp) of an unconfirmed address. GoTrue changes nothing ("do not
   * update the user because we can't be sure of their claimed identity", signup.go), nor does
   * this: no hook, no new password or data. But the next link would then give the first
   * sign-up's password and choices to whoever holds the mailbox, a stranger's when the stranger
   * came first (issue 27). Unless this sign-up proves the stored password (the same claimant),
   * nobody can tell whose they are, so they go: the owner confirms into an account with no
   * password (the link's session sets one) and the default choices (issue 41). An invite's data
   * is the admin's, not a claim, and stays.
   */
  async function repeatSignup(db: Queryable, user: UserRow, proven: boolean): Promise<UserRow> {
    if (!proven && !user.invited_at) {
      await db.query(`update auth.users set encrypted_password = '', raw_user_meta_data = ${IDENTITY_KEYS_ONLY}, updated_at = now() where id = $1`, [user.id]);
    }
    return reload(db, user.id);
  }

  /** Gives an unconfirmed user a new confirmation code (the earlier one dies) and mails it. */
  async function sendConfirmation(r: Request, db: Queryable, user: UserRow, email: string, flow: { challenge: string; method: string } | null, redirectTo: string): Promise<void> {
    const { otp, hash } = newOtp(await hashKey(), email);
    await db.query(`update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1`, [user.id, hash]);
    if (flow) await saveFlowState(db, user.id, flow, 'email/signup');
    mail(r, 'signup', email, hash, otp, redirectTo);
  }

  /** GoTrue's User.Confirm: the address is confirmed and user_metadata says so. */
  async function confirmUser(db: Queryable, id: string): Promise<void> {
    await db.query(
      `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
         raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || '{"email_verified": true}', updated_at = now() where id = $1`,
      [id],
    );
    await db.query(`update auth.identities set identity_data = identity_data || '{"email_verified": true}', updated_at = now() where user_id = $1 and provider = 'email'`, [id]);
  }

  function requireSignups(): void {
    if (!site.signupEnabled) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  }

  async function signup(r: Request): Promise<Reply> {
    const { body, query, req } = r;
    requireSignups();
    if (!site.emailEnabled) throw badRequest('email_provider_disabled', 'Email signups are disabled');
    const email = validateEmail(body.email);
    const password = typeof body.password === 'string' ? body.password : '';
    if (!password) throw unprocessable('validation_failed', 'Signup requires a valid password');
    checkPasswordStrength(policy, password);
    const flow = pkce(body);
    const data = isObject(body.data) ? body.data : {};
    const redirectTo = redirectOr(query.get('redirect_to') ?? req.headers.referer, ctx.siteUrl);
    limitIp(req, 'sign_in_sign_ups');
    limitEmail(email);
    // One bcrypt whatever the address, so a registered one takes as long as a new one: whether
    // this proves an unconfirmed sign-up's stored password, or else the hash to store.
    const pending = await findUserByEmail(pool, email);
    const proves = pending && !pending.email_confirmed_at ? await passwordMatches(password, pending.encrypted_password || DUMMY_HASH) : undefined;
    const encrypted = proves === undefined ? await hashPassword(password) : '';

    return tx(async (db) => {
      const found = await findUserByEmail(db, email);
      if (found?.email_confirmed_at && !site.confirmations) throw unprocessable('user_already_exists', 'User already registered');
      if (found?.email_confirmed_at) {
        // GoTrue with confirmations on: no mail, and its sanitized look-alike user (a new id, no
        // role, no identities, the sign-up's own data), byte for byte what hosted answers.
        const now = new Date().toISOString();
        return {
          status: 200,
          body: {
            id: randomUUID(),
            aud: 'authenticated',
            role: '',
            email,
            phone: '',
            confirmation_sent_at: now,
            app_metadata: { provider: 'email', providers: ['email'] },
            user_metadata: data,
            identities: [],
            created_at: now,
            updated_at: now,
            is_anonymous: false,
          },
        };
      }
      const user = found
        ? await repeatSignup(db, found, found.id === pending?.id && proves === true)
        : await signUpNewUser(db, req, email, encrypted || (await hashPassword(password)), data);
      if (!site.confirmations) {
        // enable_confirmations = false (GoTrue's mailer autoconfirm): confirmed at once, no
        // mail, and the answer is a session, as a password sign-in's.
        await confirmUser(db, user.id);
        // GoTrue issues a password-grant token here, which records the sign-in.
        await db.query(`update auth.users set last_sign_in_at = now() where id = $1`, [user.id]);
        await db.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [user.id]);
        return { status: 200, body: await createSession(db, issuer, await reload(db, user.id), 'password', req.headers['user-agent']) };
      }
      await sendConfirmation(r, db, user, email, flow, redirectTo);
      return { status: 200, body: await userJson(db, await reload(db, user.id)) };
    });
  }

  async function passwordGrant({ body, req }: Request): Promise<Reply> {
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!email) throw badRequest('validation_failed', 'missing email or phone');
    if (!site.emailEnabled) throw unprocessable('email_provider_disabled', 'Email logins are disabled');
    limitIp(req, 'sign_in_sign_ups');
    // Wrong passwords are counted per account and source, and per account. A source waits (even
    // with the right password, so it learns nothing) after `sign_in_sign_ups` of them, or, once
    // the account has had that many in the window (under attack), after TYPOS_UNDER_ATTACK: a
    // guesser then pays a source per few tries, while the owner's own source keeps its typos'
    // worth. Locking the account let anyone keep its owner out (issue 27), and so did waiting
    // at a source's first failure (issue 41: one typo, and his right password got 429).
    const account = `wrong_password:${email.toLowerCase()}`;
    const fromHere = `${account}:${clientIp(req)}`;
    const failedHere = perFiveMinutes.count(fromHere);
    const allowed = perFiveMinutes.over(account, limits.sign_in_sign_ups) ? Math.min(TYPOS_UNDER_ATTACK, limits.sign_in_sign_ups) : limits.sign_in_sign_ups;
    if (failedHere >= allowed) throw tooManyRequests();
    const user = await findUserByEmail(pool, email);
    // An unknown address is checked against a dummy hash: the same work, the same answer.
    const matches = await passwordMatches(password, user?.encrypted_password || DUMMY_HASH);
    if (!user || !matches) {
      perFiveMinutes.hit(account, Number.MAX_SAFE_INTEGER);
      perFiveMinutes.hit(fromHere, Number.MAX_SAFE_INTEGER);
      throw badRequest('invalid_credentials', 'Invalid login credentials');
    }
    if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
    if (user.banned_until && user.banned_until > new Date()) throw badRequest('user_banned', 'User is banned');
    return tx(async (db) => {
      await db.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [user.id]);
      await db.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [user.id]);
      return { status: 200, body: await createSession(db, issuer, await reload(db, user.id), 'password', req.headers['user-agent']) };
    });
  }

  async function refreshGrant({ body, req }: Request): Promise<Reply> {
    const presented = typeof body.refresh_token === 'string' ? body.refresh_token : '';
    if (!presented) throw badRequest('validation_failed', 'refresh_token required');
    limitIp(req, 'token_refresh');
    const notFoundError = () => badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const rotated = await rotateRefreshToken(pool, presented);
    if (rotated) return { status: 200, body: await sessionResponse(pool, issuer, rotated.user, rotated.sessionId, rotated.token) };
    // Commits even when refusing: a reused token's family stays revoked.
    const c = await pool.connect();
    try {
      await c.query('begin');
      const { rows } = await c.query(
        `select t.token, t.user_id, t.revoked, t.parent, t.session_id, t.updated_at from auth.refresh_tokens t where t.token = $1 for update`,
        [presented],
      );
      const token = rows[0];
      if (!token || !token.session_id) throw notFoundError();
      const session = (await c.query(`select id, not_after from auth.sessions where id = $1 for update`, [token.session_id])).rows[0];
      const user = await findUserById(c, token.user_id);
      if (!session || !user) throw notFoundError();
      if (session.not_after && session.not_after < new Date()) throw forbidden('session_expired', 'Session Expired');
      if (user.banned_until && user.banned_until > new Date()) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');

      let issued: string | undefined;
      if (token.revoked) {
        const active = (
          await c.query(`select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`, [session.id])
        ).rows[0];
        const withinReuse = Date.now() <= new Date(token.updated_at).getTime() + REFRESH_TOKEN_REUSE_INTERVAL * 1000;
        if (active && active.parent === token.token && withinReuse) {
          // The client lost the answer to its last refresh: hand back the current token.
          issued = active.token;
        } else {
          // Reuse outside that one case revokes the whole family. A family with no active token
          // was already revoked, and stays so: a revoked token never mints a new one.
          await c.query(`update auth.refresh_tokens set revoked = true where session_id = $1 and revoked = false`, [session.id]);
          await c.query('commit');
          throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
        }
      }
      if (!issued) {
        await c.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1`, [token.token]);
        issued = await swapRefreshToken(c, user.id, session.id, token.token);
      }
      const out = await sessionResponse(c, issuer, user, session.id, issued);
      await c.query('commit');
      return { status: 200, body: out };
    } catch (e) {
      await c.query('rollback').catch(() => {});
      throw e;
    } finally {
      c.release();
    }
  }

  async function pkceGrant({ body, req }: Request): Promise<Reply> {
    const code = typeof body.auth_code === 'string' ? body.auth_code : '';
    const verifier = typeof body.code_verifier === 'string' ? body.code_verifier : '';
    if (!code || !verifier) throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
    return tx(async (db) => {
      const flow = (await db.query(`delete from auth.flow_state where auth_code = $1 and auth_code_issued_at is not null returning *`, [code])).rows[0];
      if (!flow) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
      if (Date.now() > new Date(flow.auth_code_issued_at).getTime() + 300_000) throw badRequest('flow_state_expired', 'invalid flow state, flow state has expired');
      const expected = flow.code_challenge_method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
      if (expected !== flow.code_challenge) throw forbidden('bad_code_verifier', 'code challenge does not match previously saved code verifier');
      const user = await findUserById(db, flow.user_id);
      if (!user) throw notFound('user_not_found', 'User not found');
      return { status: 200, body: await createSession(db, issuer, user, flow.authentication_method as AmrMethod, req.headers['user-agent']) };
    });
  }

  type TokenColumn = 'confirmation_token' | 'recovery_token' | 'email_change_token_new';
  // Maps, not object literals: `type` comes from the request, and `constructor` or `__proto__`
  // found Object.prototype's members in a literal (a 500 with an SQL syntax error).
  const TOKEN_COLUMN = new Map<string, TokenColumn>([
    ['signup', 'confirmation_token'],
    ['invite', 'confirmation_token'],
    ['recovery', 'recovery_token'],
    ['magiclink', 'recovery_token'],
    ['email_change', 'email_change_token_new'],
  ]);
  /** The authentication method a PKCE flow state records for each kind of link. */
  const FLOW_METHOD = new Map([
    ['signup', 'email/signup'],
    ['invite', 'invite'],
    ['recovery', 'recovery'],
    ['magiclink', 'magiclink'],
    ['email_change', 'email_change'],
  ]);
  const SENT_AT = new Map<TokenColumn, string>([
    ['confirmation_token', 'confirmation_sent_at'],
    ['recovery_token', 'recovery_sent_at'],
    ['email_change_token_new', 'email_change_sent_at'],
  ]);

  /**
   * Finds the user a link or code belongs to and consumes it; undefined when invalid or expired.
   * `single`: the first of an e-mail change's two confirmations (nothing changed yet, no session).
   */
  async function consumeToken(db: Queryable, type: string, hash: string): Promise<{ user: UserRow; type: string; single?: boolean } | undefined> {
    const types = type === 'email' ? ['signup', 'magiclink'] : [type];
    for (const t of types) {
      const col = TOKEN_COLUMN.get(t);
      if (!col) continue;
      // An e-mail change has a token for each address (GoTrue's FindUserByEmailChangeToken).
      const matches = t === 'email_change' ? `(email_change_token_new = $1::text or email_change_token_current = $1::text)` : `${col} = $1::text`;
      const { rows } = await db.query<UserRow>(
        `select * from auth.users where ${matches} and $1::text <> '' and ${SENT_AT.get(col)} > now() - make_interval(secs => $2) for update`,
        [hash, OTP_TTL],
      );
      const user = rows[0];
      if (!user) continue;
      if (t === 'email_change' && site.doubleConfirmChanges && site.confirmations && !user.email_change_confirm_status && user.email) {
        // GoTrue's emailChangeVerify with secure e-mail change: the first address to confirm only
        // marks the change half done (its token dies); the second completes it. With autoconfirm
        // (enable_confirmations = false) GoTrue skips this, and either link completes the change.
        const which = user.email_change_token_current === hash ? 'email_change_token_current' : 'email_change_token_new';
        await db.query(`update auth.users set email_change_confirm_status = 1, ${which} = '', updated_at = now() where id = $1`, [user.id]);
        await forgetCode(db, hash);
        return { user: await reload(db, user.id), type: t, single: true };
      }
      if (t === 'signup' || t === 'invite') {
        // GoTrue's User.Confirm also records email_verified in user_metadata.
        await db.query(
          `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
             raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || '{"email_verified": true}', updated_at = now() where id = $1`,
          [user.id],
        );
        await db.query(`update auth.identities set identity_data = identity_data || '{"email_verified": true}', updated_at = now() where user_id = $1 and provider = 'email'`, [user.id]);
      } else if (t === 'recovery' || t === 'magiclink') {
        if (!user.email_confirmed_at) {
          // A recovery link also proves the address (GoTrue confirms unconfirmed users here),
          // but it is no sign-up: the unconfirmed sign-up's password and choices were nobody's
          // proven ones, so the mailbox holder gets the account without them (and its pending
          // confirmation link dies).
          await db.query(
            `update auth.users set encrypted_password = '', confirmation_token = '', raw_user_meta_data = ${IDENTITY_KEYS_ONLY} || '{"email_verified": true}' where id = $1`,
            [user.id],
          );
        }
        await db.query(`update auth.users set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`, [user.id]);
      } else if (t === 'email_change') {
        // GoTrue's ConfirmEmailChange: the new address is the account's, confirmed.
        await db.query(
          `update auth.users set email = email_change, email_change = '', email_change_token_new = '', email_change_token_current = '',
             email_change_confirm_status = 0, email_change_sent_at = null, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`,
          [user.id],
        );
        await db.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now()
            where user_id = $1 and provider = 'email'`,
          [user.id, user.email_change],
        );
      }
      await db.query(`update auth.users set last_sign_in_at = now() where id = $1`, [user.id]);
      await forgetCode(db, hash);
      return { user: await reload(db, user.id), type: t };
    }
    return undefined;
  }

  async function verifyGet({ query, req }: Request): Promise<Reply> {
    limitIp(req, 'token_verifications');
    const type = query.get('type') ?? '';
    const hash = query.get('token') ?? '';
    const redirectTo = redirectOr(query.get('redirect_to'), ctx.siteUrl);
    const fail = (error: string, code: string, description: string): Reply => {
      const u = new URL(redirectTo);
      u.hash = new URLSearchParams({ error, error_code: code, error_description: description }).toString();
      return { status: 303, location: u.toString() };
    };
    if (!TOKEN_COLUMN.has(type)) return fail('invalid_request', 'validation_failed', 'Unsupported verification type');
    return tx(async (db) => {
      const found = hash ? await consumeToken(db, type, hash) : undefined;
      if (!found) return fail('access_denied', 'otp_expired', 'Email link is invalid or has expired');
      if (found.single) {
        // GoTrue's prepRedirectURL: the message in the fragment (and `sb`, its mark), no session.
        const u = new URL(redirectTo);
        u.hash = new URLSearchParams({ message: SINGLE_CONFIRMATION_ACCEPTED, sb: '' }).toString();
        return { status: 303, location: u.toString() };
      }
      const flow = (
        await db.query(
          `select id from auth.flow_state where user_id = $1 and authentication_method = $2 and auth_code_issued_at is null order by created_at desc limit 1`,
          [found.user.id, FLOW_METHOD.get(found.type) ?? found.type],
        )
      ).rows[0];
      const u = new URL(redirectTo);
      if (flow) {
        // PKCE: the app exchanges this code (with its verifier) at /token?grant_type=pkce.
        const code = (await db.query(`update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1 returning auth_code`, [flow.id]))
          .rows[0].auth_code;
        u.searchParams.set('code', code);
        return { status: 303, location: u.toString() };
      }
      const s = await createSession(db, issuer, found.user, 'otp', req.headers['user-agent']);
      u.hash = new URLSearchParams({
        access_token: s.access_token,
        expires_at: String(s.expires_at),
        expires_in: String(s.expires_in),
        refresh_token: s.refresh_token,
        token_type: s.token_type,
        type: found.type,
      }).toString();
      return { status: 303, location: u.toString() };
    });
  }

  /**
   * verifyOtp: by `token_hash` (a link's hash, unguessable: see codes.ts), or by the six-digit
   * `token` and its `email`, where every wrong code counts against that address's live codes
   * and the MAX_WRONG_CODES-th kills their digits (not their links).
   */
  async function verifyPost({ body, req }: Request): Promise<Reply> {
    const type = typeof body.type === 'string' ? body.type : '';
    if ((type === 'sms' || type === 'phone_change') && typeof body.phone === 'string' && typeof body.token === 'string') {
      // Phone sign-in is not built, so no account has a phone: GoTrue's answer to a code of a
      // phone it does not find (verifyUserAndToken).
      limitIp(req, 'token_verifications');
      throw forbidden('otp_expired', 'Token has expired or is invalid');
    }
    if (type !== 'email' && !TOKEN_COLUMN.has(type)) throw badRequest('validation_failed', 'Verify requires a verification type');
    let hash = typeof body.token_hash === 'string' ? body.token_hash : '';
    let codeEmail: string | undefined;
    if (!hash) {
      const token = typeof body.token === 'string' ? body.token.trim() : '';
      if (!token || typeof body.email !== 'string') throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
      codeEmail = validateEmail(body.email);
      // An e-mail change code is bound to the new address.
      hash = tokenHash(await hashKey(), codeEmail, token);
    }
    limitIp(req, 'token_verifications');
    const outcome = await tx(async (db) => {
      if (codeEmail) {
        // Tries at one address's codes run one after another, so a burst cannot outrun the count.
        await db.query(`select 1 from auth.users where lower(email) = $1 or lower(email_change) = $1 order by id for update`, [codeEmail]);
      }
      // Dead digits are refused like wrong ones; the same code's link still works (codes.ts).
      const found = codeEmail && !(await digitsAlive(db, hash)) ? undefined : await consumeToken(db, type, hash);
      if (found?.single) return { single: true as const };
      if (found) return { session: await createSession(db, issuer, found.user, 'otp', req.headers['user-agent']) };
      if (codeEmail) await countWrongCode(db, codeEmail, OTP_TTL);
      return { session: undefined };
    });
    // GoTrue's answer to the first of an e-mail change's two confirmations.
    if ('single' in outcome) return { status: 200, body: { msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' } };
    if (!outcome.session) throw forbidden('otp_expired', 'Token has expired or is invalid');
    return { status: 200, body: outcome.session };
  }

  async function getUser({ req }: Request): Promise<Reply> {
    const { user } = await authenticate(req);
    return { status: 200, body: await userJson(pool, user) };
  }

  async function putUser(r: Request): Promise<Reply> {
    const { req, body, query } = r;
    const caller = await authenticate(req);
    const password = typeof body.password === 'string' ? body.password : undefined;
    const nonce = typeof body.nonce === 'string' ? body.nonce.trim() : '';
    const data = isObject(body.data) ? body.data : undefined;
    const newEmail = body.email !== undefined && body.email !== null ? validateEmail(body.email) : undefined;
    if (password !== undefined) {
      checkPasswordStrength(policy, password);
      // GoTrue's order: reauthentication first (a nonce is used up even if the rest fails), then same_password.
      await requireReauthentication(caller, nonce);
      if (await passwordMatches(password, caller.user.encrypted_password)) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
    }
    return tx(async (db) => {
      const id = caller.user.id;
      if (password !== undefined) {
        // GoTrue's UpdatePassword: every pending link and code dies with the old password (the
        // one who set it may not be the owner), and the account is signed out everywhere else.
        await db.query(
          `update auth.users set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null, recovery_token = '', recovery_sent_at = null,
             email_change_token_new = '', email_change_token_current = '', email_change_sent_at = null, reauthentication_token = '', reauthentication_sent_at = null,
             updated_at = now() where id = $1`,
          [id, await hashPassword(password)],
        );
        if (caller.sessionId) await db.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [id, caller.sessionId]);
        else await db.query(`delete from auth.sessions where user_id = $1`, [id]);
      }
      if (data) {
        // GoTrue merges: keys with null are removed, others replaced.
        await db.query(
          `update auth.users set raw_user_meta_data = jsonb_strip_nulls(coalesce(raw_user_meta_data, '{}') || $2::jsonb), updated_at = now() where id = $1`,
          [id, data],
        );
      }
      if (newEmail && newEmail !== (caller.user.email ?? '').toLowerCase()) {
        await sendEmailChange(r, db, await reload(db, id), newEmail, redirectOr(query.get('redirect_to'), ctx.siteUrl));
      }
      return { status: 200, body: await userJson(db, await reload(db, id)) };
    });
  }

  /**
   * GoTrue's sendEmailChange: a code and link for the new address and, with double confirmation
   * ([auth.email] double_confirm_changes), another for the current one; the change completes
   * once both are confirmed (consumeToken). A taken new address answers exactly like a free one
   * (no enumeration; GoTrue answers 422 email_exists) but gets no code: its side holds a hash
   * nobody can produce, so the change never completes. The current address is mailed either way,
   * or its owner would learn from his own inbox that the other address is taken.
   */
  async function sendEmailChange(r: Request, db: Queryable, user: UserRow, newEmail: string, redirectTo: string): Promise<void> {
    const current = (user.email ?? '').toLowerCase();
    const both = site.doubleConfirmChanges && !!current;
    limitEmail(newEmail);
    if (both) limitEmail(current);
    const key = await hashKey();
    const taken = await findUserByEmail(db, newEmail);
    const free = !taken || taken.id === user.id;
    const forNew = newOtp(key, newEmail);
    const forCurrent = both ? newOtp(key, current) : undefined;
    await db.query(
      `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4, email_change_confirm_status = 0,
         email_change_sent_at = now(), updated_at = now() where id = $1`,
      [user.id, newEmail, free ? forNew.hash : createHash('sha224').update(randomUUID()).digest('hex'), forCurrent?.hash ?? ''],
    );
    const change = { email: user.email ?? '', newEmail };
    if (free) mail(r, 'email_change', newEmail, forNew.hash, forNew.otp, redirectTo, change);
    if (forCurrent) mail(r, 'email_change', current, forCurrent.hash, forCurrent.otp, redirectTo, change);
  }

  /**
   * GoTrue's UserUpdate with [auth.email] secure_password_change: a password change in a session
   * made more than 24 hours ago (or without one) needs the nonce /reauthenticate mailed. Its
   * verifyReauthentication: 400 reauthentication_needed without a nonce, 422
   * reauthentication_not_valid for a wrong or expired one; a right one is used up. Beyond
   * GoTrue, a wrong nonce counts against the address's live codes like a wrong e-mail code
   * (codes.ts), so a stolen session cannot try the million nonces.
   */
  async function requireReauthentication(caller: Caller, nonce: string): Promise<void> {
    if (!site.securePasswordChange) return;
    if (caller.sessionId) {
      const { rowCount } = await pool.query(`select 1 from auth.sessions where id = $1 and created_at > now() - interval '${RECENT_SESSION}'`, [caller.sessionId]);
      if (rowCount) return;
    }
    if (!nonce) throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
    const key = await hashKey();
    const valid = await tx(async (db) => {
      const { rows } = await db.query<UserRow & { live: boolean }>(
        `select *, reauthentication_sent_at > now() - make_interval(secs => $2) as live from auth.users where id = $1 for update`,
        [caller.user.id, OTP_TTL],
      );
      const user = rows[0];
      if (!user?.email) throw unprocessable('reauthentication_not_valid', 'Reauthentication requires an email or a phone number');
      if (!user.reauthentication_token || !user.live) return false;
      const hash = tokenHash(key, user.email, nonce);
      if (hash === user.reauthentication_token && (await digitsAlive(db, hash))) {
        await db.query(`update auth.users set reauthentication_token = '' where id = $1`, [user.id]);
        await forgetCode(db, hash);
        return true;
      }
      await countWrongCode(db, user.email, OTP_TTL);
      return false;
    });
    if (!valid) throw unprocessable('reauthentication_not_valid', 'Nonce has expired or is invalid');
  }

  /** reauthenticate(): GoTrue's GET /reauthenticate mails the signed-in user a six-digit nonce. */
  async function reauthenticate(r: Request): Promise<Reply> {
    const { user } = await authenticate(r.req);
    if (!user.email) throw badRequest('validation_failed', 'Reauthentication requires the user to have an email or a phone number');
    if (!user.email_confirmed_at) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
    limitEmail(user.email);
    return tx(async (db) => {
      const { otp, hash } = newOtp(await hashKey(), user.email!);
      await db.query(`update auth.users set reauthentication_token = $2, reauthentication_sent_at = now() where id = $1`, [user.id, hash]);
      r.mails.push(authMail(templates, 'reauthentication', user.email!, '', otp, site.siteUrl ?? ''));
      return { status: 200, body: {} };
    });
  }

  async function logout({ req, query }: Request): Promise<Reply> {
    const scope = query.get('scope') ?? 'global';
    if (!['global', 'local', 'others'].includes(scope)) throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
    const { user, sessionId } = await authenticate(req);
    // GoTrue deletes the sessions; their refresh tokens go with them.
    if (scope === 'global' || !sessionId) await pool.query('delete from auth.sessions where user_id = $1', [user.id]);
    else if (scope === 'local') await pool.query('delete from auth.sessions where id = $1', [sessionId]);
    else await pool.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
    return { status: 204 };
  }

  async function recover(r: Request): Promise<Reply> {
    const { body, query, req } = r;
    const email = validateEmail(body.email);
    limitIp(req, 'sign_in_sign_ups');
    limitEmail(email);
    const flow = pkce(body);
    const redirectTo = redirectOr(query.get('redirect_to'), `${ctx.siteUrl.replace(/\/$/, '')}/reset-password`);
    return tx(async (db) => {
      const user = await findUserByEmail(db, email);
      if (!user) return { status: 200, body: {} }; // no hint whether the address has an account
      const { otp, hash } = newOtp(await hashKey(), email);
      await db.query(`update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1`, [user.id, hash]);
      if (flow) await saveFlowState(db, user.id, flow, 'recovery');
      mail(r, 'recovery', email, hash, otp, redirectTo);
      return { status: 200, body: {} };
    });
  }

  /**
   * signInWithOtp: a magic link for a confirmed account; for a new or unconfirmed one, a sign-up
   * without a password (see `repeatSignup`) and its confirmation. With `create_user: false` an unknown
   * address answers 422 otp_disabled, as GoTrue does (its own enumeration, kept for fidelity).
   */
  async function otp(r: Request): Promise<Reply> {
    const { body, query, req } = r;
    if (!site.emailEnabled) throw unprocessable('email_provider_disabled', 'Email logins are disabled');
    const email = validateEmail(body.email);
    limitIp(req, 'sign_in_sign_ups');
    const flow = pkce(body);
    const redirectTo = redirectOr(query.get('redirect_to'), ctx.siteUrl);
    const createUser = r.route !== '/otp' || body.create_user !== false;
    const data = isObject(body.data) ? body.data : {};
    return tx(async (db) => {
      const user = await findUserByEmail(db, email);
      if (!user && !createUser) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
      if (!user?.email_confirmed_at) requireSignups();
      limitEmail(email);
      let confirmed = user?.email_confirmed_at ? user : undefined;
      if (!confirmed && !site.confirmations) {
        // GoTrue with autoconfirm signs the address up (confirmed) and then mails a magic link.
        const made = user ? await repeatSignup(db, user, false) : await signUpNewUser(db, req, email, '', data);
        await confirmUser(db, made.id);
        confirmed = await reload(db, made.id);
      }
      if (confirmed) {
        const user = confirmed;
        const { otp: code, hash } = newOtp(await hashKey(), email);
        await db.query(`update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1`, [user.id, hash]);
        if (flow) await saveFlowState(db, user.id, flow, 'magiclink');
        mail(r, 'magiclink', email, hash, code, redirectTo);
      } else {
        await sendConfirmation(r, db, user ? await repeatSignup(db, user, false) : await signUpNewUser(db, req, email, '', data), email, flow, redirectTo);
      }
      return { status: 200, body: {} };
    });
  }

  /** supabase.auth.resend({type: 'signup', email}): a new confirmation mail for an unconfirmed account. */
  async function resend(r: Request): Promise<Reply> {
    const { body, query, req } = r;
    const type = body.type;
    if (type !== 'signup' && type !== 'email_change') throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
    const email = validateEmail(body.email);
    limitIp(req, 'sign_in_sign_ups');
    limitEmail(email);
    const redirectTo = redirectOr(query.get('redirect_to'), ctx.siteUrl);
    return tx(async (db) => {
      const user = await findUserByEmail(db, email);
      if (type === 'signup') {
        // Unknown and already confirmed addresses get the same empty answer as a sent mail.
        // The new code confirms the newest sign-up, whose password and choices the row holds.
        if (!user || user.email_confirmed_at) return { status: 200, body: {} };
        await sendConfirmation(r, db, user, email, null, redirectTo);
      } else if (user?.email_change) {
        // GoTrue's resend for email_change: the account is found by its current address, and
        // the pending change's mails go out again with new codes (both, with double confirmation).
        await sendEmailChange(r, db, user, user.email_change, redirectTo);
      }
      return { status: 200, body: {} };
    });
  }

  // ---------- admin (service role) ----------

  async function adminCreateUser({ req, body }: Request): Promise<Reply> {
    await serviceCaller(req);
    const email = validateEmail(body.email);
    const password = typeof body.password === 'string' ? body.password : undefined;
    if (password !== undefined) checkPasswordStrength(policy, password);
    const confirm = body.email_confirm === true;
    return tx(async (db) => {
      if (await findUserByEmail(db, email)) throw unprocessable('email_exists', 'A user with this email address has already been registered');
      const id = typeof body.id === 'string' ? body.id : randomUUID();
      const identityData = { sub: id, email, email_verified: false, phone_verified: false };
      // GoTrue's: the given user_metadata only (no identity keys), plus email_verified when
      // confirmed (User.Confirm); app_metadata's provider keys, then the given ones over them.
      const userMeta = { ...(isObject(body.user_metadata) ? body.user_metadata : {}), ...(confirm ? { email_verified: true } : {}) };
      const appMeta = { provider: 'email', providers: ['email'], ...(isObject(body.app_metadata) ? body.app_metadata : {}) };
      await db.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
         values ($1, $2, 'authenticated', 'authenticated', $3, $4, case when $5 then now() end, $6, $7)`,
        [INSTANCE_ID, id, email, password ? await hashPassword(password) : '', confirm, appMeta, userMeta],
      );
      await db.query(`insert into auth.identities (provider_id, user_id, identity_data, provider) values ($1::text, $1::uuid, $2, 'email')`, [id, identityData]);
      return { status: 200, body: await userJson(db, await reload(db, id)) };
    });
  }

  async function adminUser({ req, method, route, body }: Request): Promise<Reply> {
    await serviceCaller(req);
    const id = route.slice('/admin/users/'.length);
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('user_not_found', 'User not found');
    const user = await findUserById(pool, id);
    if (!user) throw notFound('user_not_found', 'User not found');
    if (method === 'GET') return { status: 200, body: await userJson(pool, user) };
    if (method === 'DELETE') {
      const out = await userJson(pool, user);
      await pool.query('delete from auth.users where id = $1', [id]);
      return { status: 200, body: out };
    }
    // PUT: the attributes supabase.auth.admin.updateUserById sends, as GoTrue's adminUserUpdate.
    return tx(async (db) => {
      if (typeof body.password === 'string') {
        checkPasswordStrength(policy, body.password);
        await db.query('update auth.users set encrypted_password = $2 where id = $1', [id, await hashPassword(body.password)]);
      }
      if (body.email_confirm === true) {
        await db.query(
          `update auth.users set email_confirmed_at = now(), raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || '{"email_verified": true}' where id = $1`,
          [id],
        );
      }
      if (typeof body.email === 'string') {
        const email = validateEmail(body.email);
        await db.query('update auth.users set email = $2 where id = $1', [id, email]);
        await db.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', $3::boolean), updated_at = now()
            where user_id = $1 and provider = 'email'`,
          [id, email, body.email_confirm === true],
        );
      }
      if (isObject(body.user_metadata))
        await db.query(`update auth.users set raw_user_meta_data = jsonb_strip_nulls(coalesce(raw_user_meta_data, '{}') || $2::jsonb) where id = $1`, [id, body.user_metadata]);
      if (isObject(body.app_metadata))
        await db.query(`update auth.users set raw_app_meta_data = jsonb_strip_nulls(coalesce(raw_app_meta_data, '{}') || $2::jsonb) where id = $1`, [id, body.app_metadata]);
      if (typeof body.ban_duration === 'string')
        await db.query(`update auth.users set banned_until = case when $2 = 'none' then null else now() + $2::interval end where id = $1`, [id, body.ban_duration]);
      await db.query('update auth.users set updated_at = now() where id = $1', [id]);
      return { status: 200, body: await userJson(db, await reload(db, id)) };
    });
  }

  async function adminListUsers({ req, query }: Request): Promise<Reply> {
    await serviceCaller(req);
    const positive = (name: string, fallback: number) => {
      const raw = query.get(name);
      if (raw === null || raw === '') return fallback;
      if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw badRequest('validation_failed', `${name} must be a positive whole number`);
      return Number(raw);
    };
    const page = positive('page', 1);
    const perPage = Math.min(1000, positive('per_page', 50));
    // GoTrue's default order: newest first, so a new user is on page 1.
    const { rows } = await pool.query<UserRow>('select * from auth.users where deleted_at is null order by created_at desc, id desc limit $1 offset $2', [
      perPage,
      (page - 1) * perPage,
    ]);
    const total = (await pool.query('select count(*)::int as n from auth.users where deleted_at is null')).rows[0].n;
    return { status: 200, body: { users: await Promise.all(rows.map((u) => userJson(pool, u))), aud: 'authenticated', total } };
  }

  /**
   * auth.admin.inviteUserByEmail: a user without a password (or an unconfirmed one, whose
   * unproven sign-up the invite replaces), mailed an invite link that confirms the
   * address and signs him in. A confirmed address: 422 email_exists, as GoTrue.
   */
  async function invite(r: Request): Promise<Reply> {
    const { req, body, query } = r;
    await serviceCaller(req);
    const email = validateEmail(body.email);
    const data = isObject(body.data) ? body.data : {};
    const redirectTo = redirectOr(query.get('redirect_to'), ctx.siteUrl);
    return tx(async (db) => {
      const user = await inviteUser(db, req, email, data);
      const { otp: code, hash } = newOtp(await hashKey(), email);
      await db.query(`update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = now() where id = $1`, [user.id, hash]);
      mail(r, 'invite', email, hash, code, redirectTo);
      return { status: 200, body: await userJson(db, await reload(db, user.id)) };
    });
  }

  /** The invited user: new (GoTrue's: user_metadata is the invite's data), or an unconfirmed one made over. */
  async function inviteUser(db: Queryable, req: IncomingMessage, email: string, data: Json): Promise<UserRow> {
    const found = await findUserByEmail(db, email);
    if (found?.email_confirmed_at) throw unprocessable('email_exists', 'A user with this email address has already been registered');
    if (found) {
      await db.query(`update auth.users set encrypted_password = '', raw_user_meta_data = $2, updated_at = now() where id = $1`, [found.id, data]);
      return reload(db, found.id);
    }
    const id = randomUUID();
    const identityData = { sub: id, email, email_verified: false, phone_verified: false };
    const appMeta = { provider: 'email', providers: ['email'] };
    await runBeforeUserCreated(db, beforeUserCreated, { id, email, userMetadata: data, appMetadata: appMeta }, req.socket.remoteAddress);
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data) values ($1, $2, 'authenticated', 'authenticated', $3, '', $4, $5)`,
      [INSTANCE_ID, id, email, appMeta, data],
    );
    await db.query(`insert into auth.identities (provider_id, user_id, identity_data, provider) values ($1::text, $1::uuid, $2, 'email')`, [id, identityData]);
    return reload(db, id);
  }

  /**
   * auth.admin.generateLink: GoTrue's POST /admin/generate_link. Makes the link and code a mail
   * would carry, sends nothing, and answers the user with action_link, email_otp, hashed_token,
   * verification_type and redirect_to.
   */
  async function generateLink({ req, body, query }: Request): Promise<Reply> {
    await serviceCaller(req);
    const email = validateEmail(body.email);
    let type = typeof body.type === 'string' ? body.type : '';
    const data = isObject(body.data) ? body.data : {};
    // GoTrue: the body's redirect_to when allowed, else the referrer (the query's redirect_to,
    // which is where supabase-js puts options.redirectTo), else the site URL.
    const redirectTo = redirectOr(
      typeof body.redirect_to === 'string' ? body.redirect_to : undefined,
      redirectOr(query.get('redirect_to') ?? req.headers.referer, ctx.siteUrl),
    );
    const key = await hashKey();
    return tx(async (db) => {
      let user = await findUserByEmail(db, email);
      if (!user && type === 'magiclink') type = 'signup'; // GoTrue signs an unknown address up
      if (!user && ['recovery', 'email_change_current', 'email_change_new'].includes(type)) throw notFound('user_not_found', 'User with this email not found');
      const { otp: code, hash } = newOtp(key, email);
      let linkHash = hash;
      let linkType = type;
      switch (type) {
        case 'magiclink':
        case 'recovery':
          await db.query(`update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1`, [user!.id, hash]);
          break;
        case 'invite':
          user = await inviteUser(db, req, email, data);
          await db.query(`update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = now() where id = $1`, [user.id, hash]);
          break;
        case 'signup': {
          if (user?.email_confirmed_at) throw unprocessable('email_exists', 'A user with this email address has already been registered');
          const password = typeof body.password === 'string' ? body.password : '';
          if (!user && !password && body.type === 'signup') throw unprocessable('validation_failed', 'Signup requires a valid password');
          if (password) checkPasswordStrength(policy, password);
          // GoTrue: the unconfirmed user keeps his password and gets the link's data merged in.
          if (user) await db.query(`update auth.users set raw_user_meta_data = jsonb_strip_nulls(coalesce(raw_user_meta_data, '{}') || $2::jsonb), updated_at = now() where id = $1`, [user.id, data]);
          else user = await signUpNewUser(db, req, email, password ? await hashPassword(password) : '', data);
          await db.query(`update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1`, [user.id, hash]);
          break;
        }
        case 'email_change_current':
        case 'email_change_new': {
          // GoTrue: the current address's link needs double confirmation on; each type sets its
          // own token and leaves the other as it was, so both links are made by two calls.
          if (type === 'email_change_current' && !site.doubleConfirmChanges) throw badRequest('validation_failed', 'Enable secure email change to generate link for current email');
          const newEmail = validateEmail(body.new_email);
          const taken = await findUserByEmail(db, newEmail);
          if (taken && taken.id !== user!.id) throw unprocessable('email_exists', 'A user with this email address has already been registered');
          const column = type === 'email_change_current' ? 'email_change_token_current' : 'email_change_token_new';
          if (type === 'email_change_new') linkHash = tokenHash(key, newEmail, code);
          linkType = 'email_change';
          await db.query(
            `update auth.users set email_change = $2, ${column} = $3, email_change_confirm_status = 0, email_change_sent_at = now() where id = $1`,
            [user!.id, newEmail, linkHash],
          );
          break;
        }
        default:
          throw badRequest('validation_failed', `Invalid email action link type requested: ${type}`);
      }
      return {
        status: 200,
        body: {
          ...(await userJson(db, await reload(db, user!.id))),
          action_link: verifyLink(linkHash, linkType, redirectTo),
          email_otp: code,
          hashed_token: linkHash,
          verification_type: type,
          redirect_to: redirectTo,
        },
      };
    });
  }

  function settings(): Reply {
    return {
      status: 200,
      body: {
        external: {
          anonymous_users: false,
          apple: false, azure: false, bitbucket: false, discord: false, facebook: false, figma: false, fly: false,
          github: false, gitlab: false, google: false, keycloak: false, kakao: false, linkedin: false, linkedin_oidc: false,
          notion: false, spotify: false, slack: false, slack_oidc: false, workos: false, twitch: false, twitter: false, zoom: false,
          email: site.emailEnabled,
          phone: false,
        },
        disable_signup: !site.signupEnabled,
        mailer_autoconfirm: !site.confirmations,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
      },
    };
  }

  // ---------- routing ----------

  async function route(r: Request): Promise<Reply> {
    const { method, route: path } = r;
    const key = `${method} ${path}`;
    switch (key) {
      case 'GET /health':
        return { status: 200, body: { version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' } };
      case 'GET /settings':
        return settings();
      case 'GET /.well-known/jwks.json':
        // GoTrue publishes the public halves of the asymmetric signing keys (standby ones too, so
        // verifiers have them before they sign); getClaims() verifies with them, no round trip.
        return { status: 200, body: keys.jwks() };
      case 'POST /signup':
        return signup(r);
      case 'POST /token': {
        const grant = r.query.get('grant_type');
        if (grant === 'password') return passwordGrant(r);
        if (grant === 'refresh_token') return refreshGrant(r);
        if (grant === 'pkce') return pkceGrant(r);
        throw badRequest('validation_failed', 'unsupported_grant_type');
      }
      case 'GET /verify':
        return verifyGet(r);
      case 'POST /verify':
        return verifyPost(r);
      case 'GET /user':
        return getUser(r);
      case 'PUT /user':
        return putUser(r);
      case 'GET /reauthenticate':
        return reauthenticate(r);
      case 'POST /logout':
        return logout(r);
      case 'POST /recover':
        return recover(r);
      case 'POST /otp':
      case 'POST /magiclink':
        return otp(r);
      case 'POST /resend':
        return resend(r);
      case 'POST /admin/users':
        return adminCreateUser(r);
      case 'GET /admin/users':
        return adminListUsers(r);
      case 'POST /invite':
        return invite(r);
      case 'POST /admin/generate_link':
        return generateLink(r);
    }
    if (path.startsWith('/admin/users/') && ['GET', 'PUT', 'DELETE'].includes(method)) return adminUser(r);
    throw notFound('not_found', 'Not Found');
  }

  async function readBody(req: IncomingMessage): Promise<Json> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const c of req) {
      size += (c as Buffer).length;
      // Past the limit the rest is read and dropped, so the 413 reaches a client still sending
      // and the kept-alive connection stays usable; a far larger body loses its connection.
      if (size > MAX_BODY_BYTES * 16) {
        req.socket.destroySoon();
        break;
      }
      if (size <= MAX_BODY_BYTES) chunks.push(c as Buffer);
    }
    if (size > MAX_BODY_BYTES) throw new AuthError(413, 'request_too_large', 'Request body too large');
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text.trim()) return {};
    const type = String(req.headers['content-type'] ?? '');
    if (type.includes('application/x-www-form-urlencoded')) {
      const form = Object.fromEntries(new URLSearchParams(text));
      rejectNul(form);
      return form;
    }
    // Go's decoder (GoTrue's) refuses nesting past a limit; JSON.parse has none, and walking
    // 50,000 levels overflowed the stack. Checked on the text, before parsing.
    if (jsonDepth(text) > MAX_JSON_DEPTH) throw badRequest('bad_json', 'Could not parse request body as JSON: exceeded max depth');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw badRequest('bad_json', 'Could not parse request body as JSON');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('bad_json', 'The request body must be a JSON object');
    rejectNul(parsed);
    return parsed as Json;
  }

  /** PostgreSQL text cannot hold NUL: refuse it up front as bad input, in any key or value. */
  function rejectNul(value: unknown): void {
    if (typeof value === 'string') {
      if (value.includes('\u0000')) throw badRequest('validation_failed', 'Request contains a NUL character');
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        rejectNul(k);
        rejectNul(v);
      }
    }
  }

  /** What an unexpected error means for the caller: the database is down (503), bad input (400), or a bug (500). */
  function classify(e: unknown): AuthError {
    if (e instanceof AuthError) return e;
    const code = String((e as { code?: string }).code ?? '');
    const message = (e as Error)?.message ?? '';
    if (DB_DOWN_CODES.has(code) || /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message)) {
      return new AuthError(503, 'unexpected_failure', 'Auth service temporarily unavailable: the database cannot be reached');
    }
    // Class 22 (data exception): the input could not be stored as given.
    if (code.startsWith('22')) return badRequest('validation_failed', 'Invalid input');
    return new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
  }

  return {
    async handle(req: IncomingMessage, res: ServerResponse, path: string) {
      res.setHeader('x-supabase-api-version', API_VERSION);
      const url = new URL(path, 'http://auth.local');
      const routePath = url.pathname.replace(/\/+$/, '') || '/';
      const method = req.method ?? 'GET';
      const send = (status: number, body: unknown) => {
        if (status === 204 || body === undefined) res.writeHead(status).end();
        else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      // The Supabase gateway checks the project key before anything reaches GoTrue.
      if (!OPEN_ROUTES.has(routePath)) {
        const key = (req.headers.apikey as string | undefined) ?? url.searchParams.get('apikey');
        if (!key) return send(401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
        const verdict = keys.classifyApiKey(key);
        if (verdict.kind !== 'new' && verdict.kind !== 'legacy')
          return send(401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
      }
      try {
        for (const v of url.searchParams.values()) rejectNul(v);
        const body = method === 'GET' || method === 'HEAD' ? {} : await readBody(req);
        const mails: MailMessage[] = [];
        const reply = await route({ req, method, route: routePath, query: url.searchParams, body, mails });
        if (reply.location) res.writeHead(reply.status, { location: reply.location }).end();
        else send(reply.status, reply.body);
        for (const m of mails) deliver(m);
      } catch (e) {
        const err = classify(e);
        if (!(e instanceof AuthError) || err.status >= 500) log(`${method} ${path}: ${(e as Error).stack ?? e}`);
        if (!res.headersSent) send(err.status, errorBody(req, err));
        else res.end();
      }
    },
    async close() {
      // Mails already answered for go out first (for a few seconds at most).
      await Promise.race([Promise.all(sending.values()), new Promise((r) => setTimeout(r, 3000).unref())]);
      await pool.end();
    },
  };
}

/** How deeply a JSON text nests (brackets outside strings), scanning no further than needed. */
function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      deepest = Math.max(deepest, ++depth);
      if (deepest > MAX_JSON_DEPTH) return deepest;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}
