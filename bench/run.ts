// `npm run bench`: baseline figures for the gateway on this machine, against a fresh local
// platform with the demo seed. Prints requests/s and latency percentiles per scenario.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { startPlatform } from '../supabase/local/platform.ts';
import { freePort } from '../supabase/local/wait.ts';
import type { LoadResult, LoadSpec } from './load.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

function load(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'load-cli.ts'), JSON.stringify(spec)], { maxBuffer: 1 << 20 }, (err, stdout) =>
      err ? reject(err) : resolve(JSON.parse(stdout) as LoadResult),
    );
  });
}

function report(name: string, r: LoadResult) {
  console.log(
    `${name.padEnd(44)} ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   ${r.requests} requests, ${r.errors} errors`,
  );
}

const dataDir = await mkdtemp(join(tmpdir(), 'quinielazo-bench-'));
const platform = await startPlatform({
  dataDir,
  scheduler: false,
  ports: { api: await freePort(), db: await freePort(), inbox: await freePort(), smtp: await freePort(), app: await freePort() },
});
try {
  const supabase = createClient(platform.apiUrl, platform.anonKey, { auth: { persistSession: false }, realtime: { transport: ws as never } });
  const { data: round, error } = await supabase
    .from('quinielas')
    .select('id, matches(id)')
    .gt('deadline', new Date().toISOString())
    .eq('results_saved', false)
    .order('deadline')
    .limit(1)
    .single();
  if (error || !round) throw new Error(`no open round in the seed: ${error?.message}`);
  const { data: session, error: signInError } = await supabase.auth.signInWithPassword({ email: 'ana@quinielazo.mx', password: 'Jugador123' });
  if (signInError || !session.session) throw new Error(`demo player could not sign in: ${signInError?.message}`);

  console.log(`Gateway ${platform.apiUrl}: ${CONNECTIONS} concurrent connections, ${SECONDS} s per scenario\n`);
  const readPath =
    `/rest/v1/quinielas?select=id,name,week,deadline,matches(id,match_order,home_team,away_team,home_club:clubs!matches_home_club_id_fkey(id,name,logo_url),away_club:clubs!matches_away_club_id_fkey(id,name,logo_url))` +
    `&id=eq.${round.id}`;
  report(
    'read open round (nested matches + clubs)',
    await load({
      url: platform.apiUrl + readPath,
      method: 'GET',
      headers: { apikey: platform.anonKey, accept: 'application/json' },
      connections: CONNECTIONS,
      seconds: SECONDS,
    }),
  );

  const userId = session.user.id;
  const results = ['Local', 'Empate', 'Visita'];
  const picks = (round.matches as Array<{ id: number }>).map((m, i) => ({ user_id: userId, match_id: m.id, quiniela_id: round.id, result: results[i % 3] }));
  report(
    "upsert a player's 12 picks",
    await load({
      url: `${platform.apiUrl}/rest/v1/picks?on_conflict=user_id,match_id`,
      method: 'POST',
      headers: {
        apikey: platform.anonKey,
        authorization: `Bearer ${session.session.access_token}`,
        'content-type': 'application/json',
        prefer: 'resolution=merge-duplicates,return=minimal',
      },
      body: JSON.stringify(picks),
      connections: CONNECTIONS,
      seconds: SECONDS,
    }),
  );
} finally {
  await platform.stop();
  await rm(dataDir, { recursive: true, force: true });
}
