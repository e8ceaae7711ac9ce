// Bench of the auth server's answer times for a registered address beside an unknown one
// (e-mail enumeration by timing): the password grant and /signup each pay one bcrypt
// comparison or hash whatever the address, and /recover answers before its mail is sent.
// Medians of interleaved pairs, so load on the machine falls on both alike. The target: each
// pair within a factor of two (before the fixes, 3–7 ms against 125–163 ms for the password
// grant, 26 against 5.5 ms for /recover). The API tier checks the order of answer and mail.
import { randomUUID } from 'node:crypto';

interface AuthApi {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
}

const PAIRS = Number(process.env.BENCH_AUTH_PAIRS ?? 15);
const PASSWORD = 'Jugador123';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchAuthTiming(api: AuthApi): Promise<void> {
  const call = async (path: string, body: unknown): Promise<number> => {
    const t0 = performance.now();
    const r = await fetch(`${api.apiUrl}/auth/v1${path}`, {
      method: 'POST',
      headers: { apikey: api.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await r.arrayBuffer();
    return performance.now() - t0;
  };
  const email = `bench-auth-${randomUUID().slice(0, 8)}@bench.quinielazo.test`;
  const created = await fetch(`${api.apiUrl}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: api.serviceRoleKey, authorization: `Bearer ${api.serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, email_confirm: true, user_metadata: { username: `bench_${randomUUID().slice(0, 8)}` } }),
  });
  if (!created.ok) throw new Error(`admin createUser: ${created.status} ${await created.text()}`);
  const unknown = () => `nadie-${randomUUID().slice(0, 8)}@bench.quinielazo.test`;
  const pairs: Array<[string, () => Promise<number>, () => Promise<number>]> = [
    ['password grant (wrong password)', () => call('/token?grant_type=password', { email, password: 'malaClave1' }), () => call('/token?grant_type=password', { email: unknown(), password: 'malaClave1' })],
    ['/signup (taken address)', () => call('/signup', { email, password: PASSWORD, data: { username: `t_${randomUUID().slice(0, 8)}` } }), () => call('/signup', { email: unknown(), password: PASSWORD, data: { username: `f_${randomUUID().slice(0, 8)}` } })],
    ['/recover', () => call('/recover', { email }), () => call('/recover', { email: unknown() })],
  ];
  for (const [name, registered, stranger] of pairs) {
    const known: number[] = [];
    const other: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const [first, second] = i % 2 ? [registered, stranger] : [stranger, registered];
      const a = await first();
      const b = await second();
      known.push(i % 2 ? a : b);
      other.push(i % 2 ? b : a);
    }
    const [k, u] = [median(known), median(other)];
    const ratio = Math.min(k, u) / Math.max(k, u);
    console.log(`${name.padEnd(36)} registered ${k.toFixed(1).padStart(6)} ms   unknown ${u.toFixed(1).padStart(6)} ms   ratio ${ratio.toFixed(2)} (target ≥ 0.50) ${ratio >= 0.5 ? 'met' : 'NOT MET'}`);
  }
}
