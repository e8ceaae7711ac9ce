// The project's keys, both generations, as a Supabase project created today has them:
// - API keys: the publishable key (acts as `anon`) and the secret key (acts as `service_role`),
//   `sb_publishable_…` / `sb_secret_…`, plus the legacy `anon` / `service_role` JWTs, which work
//   until "legacy API keys" are switched off (docs: guides/api/api-keys, "Migrating to
//   publishable and secret API keys").
// - JWT signing keys (docs: guides/auth/signing-keys): an ES256 key with a `kid` signs every new
//   token; the legacy HS256 secret is a "previously used" key that still verifies until revoked.
//   The public halves are the JWKS at /auth/v1/.well-known/jwks.json.
// One ring per platform; every part (gateway, auth, PostgREST, Realtime, the functions host)
// reads it (PlatformContext.keys; a part given a context without one uses the default ring of
// the fixed local keys), and a rotation (standby → in use → previously used → revoked) reaches them all.
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify, SignJWT, type JWK, type JWTPayload, type JWTVerifyOptions } from 'jose';
import { ANON_KEY, JWT_SECRET, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY, SIGNING_KEY_LOCAL } from './config.ts';

export type ApiKeyRole = 'anon' | 'service_role';
export type SigningKeyState = 'in_use' | 'standby' | 'previously_used' | 'revoked';

interface SigningKey {
  kid: string;
  alg: 'ES256' | 'HS256';
  state: SigningKeyState;
  /** Signs (ES256 private key, or the HS256 secret). */
  signing: KeyObject | Uint8Array;
  /** Verifies (ES256 public key, or the HS256 secret). */
  verifying: KeyObject | Uint8Array;
  /** The public JWK published in the JWKS (ES256 only). */
  publicJwk?: JWK;
}

/** What the gateway makes of an `apikey`. */
export type ApiKeyVerdict =
  | { kind: 'new'; type: 'publishable' | 'secret'; role: ApiKeyRole }
  | { kind: 'legacy'; role: ApiKeyRole }
  | { kind: 'legacy-disabled' }
  | { kind: 'invalid' };

/** The kid hosted gives the legacy HS256 secret in the signing keys list; its tokens carry none. */
const LEGACY_KID = 'legacy-hs256';
/** Lifetime of the short JWT the gateway makes of a publishable or secret key for the services behind it. */
const API_KEY_JWT_TTL = 3600;

export class KeyRing {
  private apiKeys = new Map<string, { type: 'publishable' | 'secret'; role: ApiKeyRole }>();
  private signingKeys: SigningKey[] = [];
  private legacyApiKeysOn = true;
  private listeners: Array<() => void | Promise<void>> = [];
  /** Per role, the gateway's JWT for a new API key, while the key that signed it is the current one. */
  private minted = new Map<ApiKeyRole, { kid: string; token: string; exp: number }>();
  /**
   * Seconds the gateway's JWT lives: an hour, or longer when the auth tokens are made to live
   * longer (the test harness at a shifted date: the static PostgREST keeps the real clock and
   * must not find it expired; docs/testing.md).
   */
  apiKeyJwtTtl = API_KEY_JWT_TTL;

  static create(): KeyRing {
    const ring = new KeyRing();
    ring.apiKeys.set(PUBLISHABLE_KEY, { type: 'publishable', role: 'anon' });
    ring.apiKeys.set(SECRET_KEY, { type: 'secret', role: 'service_role' });
    const secret = new TextEncoder().encode(JWT_SECRET);
    ring.signingKeys.push({ kid: LEGACY_KID, alg: 'HS256', state: 'previously_used', signing: secret, verifying: secret });
    ring.signingKeys.push(esKey(SIGNING_KEY_LOCAL, 'in_use'));
    return ring;
  }

  /** Called after every change (PostgREST reloads its JWKS here). */
  onChange(listener: () => void | Promise<void>): void {
    this.listeners.push(listener);
  }

  private async changed(): Promise<void> {
    this.minted.clear();
    for (const l of this.listeners) await l();
  }

  // ------------------------------------------------------------------ API keys

  get publishableKey(): string {
    return [...this.apiKeys].find(([, v]) => v.type === 'publishable')![0];
  }

  get secretKey(): string {
    return [...this.apiKeys].find(([, v]) => v.type === 'secret')![0];
  }

  get legacyApiKeysEnabled(): boolean {
    return this.legacyApiKeysOn;
  }

  /** The dashboard's "Disable JWT-based API keys" (and re-enable). */
  async setLegacyApiKeys(enabled: boolean): Promise<void> {
    this.legacyApiKeysOn = enabled;
    await this.changed();
  }

  /** A new secret (or publishable) key, as the dashboard's "Add new API key". */
  createApiKey(type: 'publishable' | 'secret'): string {
    const key = `sb_${type}_${randomBytes(16).toString('base64url').slice(0, 22)}_${randomBytes(6).toString('base64url').slice(0, 8)}`;
    this.apiKeys.set(key, { type, role: type === 'secret' ? 'service_role' : 'anon' });
    return key;
  }

  /** Deleting an API key is irreversible: it answers as an unknown key from then on. */
  deleteApiKey(key: string): void {
    this.apiKeys.delete(key);
  }

  classifyApiKey(key: string): ApiKeyVerdict {
    const known = this.apiKeys.get(key);
    if (known) return { kind: 'new', ...known };
    if (key === ANON_KEY || key === SERVICE_ROLE_KEY) {
      if (!this.legacyApiKeysOn) return { kind: 'legacy-disabled' };
      return { kind: 'legacy', role: key === ANON_KEY ? 'anon' : 'service_role' };
    }
    return { kind: 'invalid' };
  }

  /** The JWT the gateway hands the services behind it for a publishable or secret key. */
  async apiKeyJwt(role: ApiKeyRole): Promise<string> {
    const current = this.current();
    const now = Math.floor(Date.now() / 1000);
    const cached = this.minted.get(role);
    if (cached && cached.kid === current.kid && cached.exp - 60 > now) return cached.token;
    const exp = now + this.apiKeyJwtTtl;
    const token = await this.sign({ iss: 'supabase', role, iat: now, exp });
    this.minted.set(role, { kid: current.kid, token, exp });
    return token;
  }

  // ------------------------------------------------------------------ signing keys

  private current(): SigningKey {
    return this.signingKeys.find((k) => k.state === 'in_use')!;
  }

  /** The signing keys as the dashboard lists them (no private halves). */
  list(): Array<{ kid: string; alg: string; state: SigningKeyState }> {
    return this.signingKeys.map(({ kid, alg, state }) => ({ kid, alg, state }));
  }

  get currentKid(): string {
    return this.current().kid;
  }

  /** Signs with the key in use: ES256 with its `kid`, or HS256 without one (the legacy secret). */
  async sign(payload: JWTPayload): Promise<string> {
    const key = this.current();
    const header = key.alg === 'ES256' ? { alg: 'ES256', typ: 'JWT', kid: key.kid } : { alg: 'HS256', typ: 'JWT' };
    return new SignJWT(payload).setProtectedHeader(header).sign(key.signing);
  }

  /**
   * Verifies with any key not revoked (in use, standby, previously used): a token signed by the
   * previous key keeps working until that key is revoked. `exp` is required, as everywhere.
   */
  async verify(token: string, opts: Omit<JWTVerifyOptions, 'algorithms'> = {}): Promise<JWTPayload> {
    const header = decodeProtectedHeader(token);
    const usable = this.signingKeys.filter((k) => k.state !== 'revoked' && k.alg === header.alg);
    const candidates = header.kid ? usable.filter((k) => k.kid === header.kid) : usable.filter((k) => k.alg === 'HS256');
    if (header.alg !== 'HS256' && header.alg !== 'ES256') throw Object.assign(new Error(`unsupported JWT algorithm ${header.alg}`), { code: 'ERR_JOSE_ALG_NOT_ALLOWED' });
    if (!candidates.length) throw Object.assign(new Error('signature verification failed: no key matches the token'), { code: 'ERR_JWKS_NO_MATCHING_KEY' });
    let last: unknown;
    for (const k of candidates) {
      try {
        return (await jwtVerify(token, k.verifying, { requiredClaims: ['exp'], ...opts, algorithms: [k.alg] })).payload;
      } catch (e) {
        last = e;
        if ((e as { code?: string }).code !== 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') throw e;
      }
    }
    throw last;
  }

  /** The JWKS hosted publishes: the public keys of the asymmetric keys not revoked. */
  jwks(): { keys: JWK[] } {
    return { keys: this.signingKeys.filter((k) => k.state !== 'revoked' && k.publicJwk).map((k) => k.publicJwk!) };
  }

  /** PostgREST's jwt-secret: the JWKS plus the legacy secret as an `oct` key while it verifies. */
  postgrestJwks(): string {
    const keys: JWK[] = this.signingKeys
      .filter((k) => k.state !== 'revoked')
      .map((k) => (k.alg === 'ES256' ? k.publicJwk! : { kty: 'oct', k: Buffer.from(k.verifying as Uint8Array).toString('base64url'), alg: 'HS256' }));
    return JSON.stringify({ keys });
  }

  /** "Create standby key": a new ES256 key, published in the JWKS before it signs anything. */
  async addStandbyKey(): Promise<string> {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const key = esKey(privateKey.export({ format: 'jwk' }) as JWK, 'standby');
    this.signingKeys.push(key);
    await this.changed();
    return key.kid;
  }

  /** "Rotate keys": the standby key signs from now on; the one in use becomes previously used. */
  async rotate(): Promise<void> {
    const standby = this.signingKeys.find((k) => k.state === 'standby');
    if (!standby) throw new Error('no standby key to rotate to');
    this.current().state = 'previously_used';
    standby.state = 'in_use';
    await this.changed();
  }

  /** "Revoke": tokens this key signed are refused everywhere from now on. */
  async revoke(kid: string): Promise<void> {
    const key = this.signingKeys.find((k) => k.kid === kid);
    if (!key) throw new Error(`no signing key ${kid}`);
    if (key.state !== 'previously_used') throw new Error(`only a previously used key can be revoked (${kid} is ${key.state})`);
    key.state = 'revoked';
    await this.changed();
  }
}

function esKey(privateJwk: JWK, state: SigningKeyState): SigningKey {
  const { d: _d, ...pub } = privateJwk;
  // A stable kid from the public key (hosted's are UUIDs; any unique string serves).
  const kid = createHash('sha256').update(`${pub.x}.${pub.y}`).digest('base64url').slice(0, 16);
  const publicJwk: JWK = { ...pub, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
  return {
    kid,
    alg: 'ES256',
    state,
    signing: createPrivateKey({ key: privateJwk as never, format: 'jwk' }),
    verifying: createPublicKey({ key: pub as never, format: 'jwk' }),
    publicJwk,
  };
}

let defaultRing: KeyRing | undefined;
/** The fixed local keys, never rotated: for parts started on their own (tests that build a context). */
export function defaultKeyRing(): KeyRing {
  defaultRing ??= KeyRing.create();
  return defaultRing;
}
