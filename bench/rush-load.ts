// What each rushing player does, with the app's own request shapes: refresh his session (an
// installed app's stored session: GoTrue's refresh-token grant) or sign in with his password
// (the password grant), open the round (the picks screen's two reads: the round with its matches
// and clubs, and his own picks), save his 12 picks (the outbox's upsert returning the receipt
// columns), then change 3 of them. Every acknowledged pick is recorded with its value, so the
// database can be checked afterwards: nothing acknowledged lost, nothing older winning.
import { Agent, request } from 'node:http';

export interface RushSpec {
  /** Where the auth and REST paths are served: the gateway (auth + rest) or PostgREST alone. */
  authUrl: string;
  restUrl: string;
  /** Path prefix of the REST API at restUrl: '/rest/v1' behind the gateway, '' for PostgREST. */
  restPrefix: string;
  anonKey: string;
  /** Tokens already minted (the direct run reuses the gateway run's sessions). */
  tokens?: string[];
  /** Each player's stored refresh token: he refreshes instead of signing in with his password. */
  refreshTokens?: string[];
  /** Whether he opens the round (two reads) before saving. */
  open?: boolean;
  /** The columns the app selects for a round with its matches (src/lib/game/rounds.ts). */
  roundSelect?: string;
  emails: string[];
  password: string;
  matchIds: number[];
  roundId: number;
  concurrency: number;
}

export interface StepFigures {
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface RushResult {
  seconds: number;
  requestsPerSecond: number;
  steps: Record<Step, StepFigures>;
  /** The last acknowledged value of each (player index, match id). */
  acknowledged: Array<[number, number, string]>;
  tokens: string[];
  userIds: string[];
  errorSamples: string[];
}

const SIDES = ['Local', 'Empate', 'Visita'] as const;
const STEPS = ['signIn', 'refresh', 'open', 'save12', 'change3'] as const;
export type Step = (typeof STEPS)[number];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

export async function runRush(spec: RushSpec): Promise<RushResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: spec.concurrency });
  const timings = Object.fromEntries(STEPS.map((s) => [s, [] as number[]])) as Record<Step, number[]>;
  const errors = Object.fromEntries(STEPS.map((s) => [s, 0])) as Record<Step, number>;
  const errorSamples: string[] = [];
  const acknowledged = new Map<string, [number, number, string]>();
  const tokens: string[] = spec.tokens ? [...spec.tokens] : [];
  const userIds: string[] = [];

  const call = (base: string, path: string, method: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; text: string }>((resolve) => {
      const url = new URL(base + path);
      const req = request({ agent, host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', (e) => resolve({ status: 0, text: String(e) }));
      });
      req.on('error', (e) => resolve({ status: 0, text: String(e) }));
      if (body) req.write(body);
      req.end();
    });

  /** One request of a step, timed; a non-2xx answer counts as that step's error. */
  const timed = async (step: keyof typeof timings, send: () => Promise<{ status: number; text: string }>) => {
    const t0 = performance.now();
    const res = await send();
    timings[step].push(performance.now() - t0);
    const ok = res.status >= 200 && res.status < 300;
    if (!ok) {
      errors[step]++;
      if (errorSamples.length < 5) errorSamples.push(`${step}: ${res.status} ${res.text.slice(0, 200)}`);
    }
    return { ok, body: res.text };
  };

  const save = async (step: 'save12' | 'change3', player: number, token: string, rows: Array<{ match_id: number; result: string }>) => {
    const userId = userIds[player];
    const body = JSON.stringify(rows.map((r) => ({ user_id: userId, quiniela_id: spec.roundId, ...r })));
    const r = await timed(step, () =>
      call(spec.restUrl, `${spec.restPrefix}/picks?on_conflict=user_id%2Cmatch_id&select=match_id%2Cresult%2Cupdated_at`, 'POST', {
        apikey: spec.anonKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        prefer: 'resolution=merge-duplicates,return=representation',
      }, body),
    );
    if (r.ok) {
      for (const row of JSON.parse(r.body) as Array<{ match_id: number; result: string }>) {
        acknowledged.set(`${player}:${row.match_id}`, [player, row.match_id, row.result]);
      }
    }
  };

  const player = async (i: number) => {
    let token = tokens[i];
    if (!token && spec.refreshTokens) {
      const r = await timed('refresh', () =>
        call(spec.authUrl, '/auth/v1/token?grant_type=refresh_token', 'POST', { apikey: spec.anonKey, 'content-type': 'application/json' },
          JSON.stringify({ refresh_token: spec.refreshTokens![i] })),
      );
      if (!r.ok) return;
      const session = JSON.parse(r.body) as { access_token: string; user: { id: string } };
      token = tokens[i] = session.access_token;
      userIds[i] = session.user.id;
    } else if (!token) {
      const r = await timed('signIn', () =>
        call(spec.authUrl, '/auth/v1/token?grant_type=password', 'POST', { apikey: spec.anonKey, 'content-type': 'application/json' },
          JSON.stringify({ email: spec.emails[i], password: spec.password })),
      );
      if (!r.ok) return;
      const session = JSON.parse(r.body) as { access_token: string; user: { id: string } };
      token = tokens[i] = session.access_token;
      userIds[i] = session.user.id;
    } else {
      userIds[i] = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;
    }
    if (spec.open) {
      const headers = { apikey: spec.anonKey, authorization: `Bearer ${token}`, accept: 'application/json' };
      const select = encodeURIComponent(spec.roundSelect ?? '*').replace(/%2C/g, ',');
      await Promise.all([
        timed('open', () => call(spec.restUrl, `${spec.restPrefix}/quinielas?select=${select}&id=eq.${spec.roundId}&matches.order=match_order.asc`, 'GET', headers)),
        timed('open', () => call(spec.restUrl, `${spec.restPrefix}/picks?select=match_id,result,updated_at&user_id=eq.${userIds[i]}&quiniela_id=eq.${spec.roundId}`, 'GET', headers)),
      ]);
    }
    await save('save12', i, token, spec.matchIds.map((id, k) => ({ match_id: id, result: SIDES[(i + k) % 3] })));
    // Then he changes his mind on 3 matches.
    await save('change3', i, token, spec.matchIds.slice(0, 3).map((id, k) => ({ match_id: id, result: SIDES[(i + k + 1) % 3] })));
  };

  const started = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: spec.concurrency }, async () => {
    while (next < spec.emails.length) await player(next++);
  }));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();

  const figures = (step: keyof typeof timings): StepFigures => {
    const sorted = [...timings[step]].sort((a, b) => a - b);
    return { requests: sorted.length, errors: errors[step], p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
  };
  const total = STEPS.reduce((n, s) => n + timings[s].length, 0);
  return {
    seconds,
    requestsPerSecond: total / seconds,
    steps: Object.fromEntries(STEPS.map((s) => [s, figures(s)])) as Record<Step, StepFigures>,
    acknowledged: [...acknowledged.values()],
    tokens,
    userIds,
    errorSamples,
  };
}
