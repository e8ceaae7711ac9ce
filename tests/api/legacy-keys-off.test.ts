// With the legacy API keys switched off (issue 42, "Done when"), as Supabase's dashboard does and
// as every project will have them by the end of 2026, a new player's whole journey still works on
// the new keys alone: sign-up and the confirmation link, picks, live chat, a Pro payment credited
// by MercadoPago's webhook, and a push reminder sent by the scheduled dispatcher. An API-level
// journey on a platform of its own (the switch is the platform's, so no shared one); each step
// goes the way the app (publishable key, supabase-js) and the jobs (secret key) go.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { TEST_HARNESS_RATE_LIMITS } from '../../supabase/local/auth/limits.ts';
import { startPlatform, type Platform } from '../../supabase/local/platform.ts';
import { AUTH_JWT_EXPIRY_OVERRIDE } from '../support/token-ttl.ts';
import { startScheduler } from '../../supabase/local/scheduler.ts';
import { freePort } from '../../supabase/local/wait.ts';
import { SCHEDULE } from '../../supabase/schedule.ts';
import { firstLink, waitForMail } from '../support/inbox.ts';
import { browserKeys, decryptPush, startPushReceiver, type PushReceiver } from '../support/push-receiver.ts';

let platform: Platform;
let dataDir: string;
let pool: pg.Pool;
let receiver: PushReceiver;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'quinielazo-legacy-off-'));
  const pushReceiverPort = await freePort();
  platform = await startPlatform({
    dataDir,
    seed: false,
    scheduler: false,
    throwawayTestDatabase: true,
    authJwtExpiry: AUTH_JWT_EXPIRY_OVERRIDE,
    authRateLimits: TEST_HARNESS_RATE_LIMITS,
    pushReceiverPort,
    ports: { api: await freePort(), db: await freePort(), inbox: await freePort(), smtp: await freePort(), app: await freePort(), mercadopago: await freePort() },
  });
  pool = new pg.Pool({ connectionString: platform.dbUrl, max: 2 });
  receiver = await startPushReceiver({ port: pushReceiverPort });
  // The dashboard's "Disable JWT-based API keys".
  await platform.keys.setLegacyApiKeys(false);
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await pool?.end();
  await platform?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };
const q = (sql: string, params: unknown[] = []) => pool.query(sql, params);
/** As the app: supabase-js on the publishable key. */
const appClient = (): SupabaseClient => createClient(platform.apiUrl, platform.publishableKey, { auth: noSession, realtime: { transport: ws as never } });

/** A player through the real sign-up, the mailed confirmation link and a password sign-in. */
async function newPlayer(name: string): Promise<{ client: SupabaseClient; id: string; token: string }> {
  const email = `${name}.${process.pid}.${Date.now()}@example.com`;
  const client = appClient();
  const up = await client.auth.signUp({ email, password: 'Clave-nueva-42', options: { data: { username: `${name.slice(0, 5)}_${Date.now().toString(36)}` } } });
  expect(up.error).toBeNull();
  const link = firstLink(await waitForMail(email, { subject: 'Confirma tu cuenta de Quinielazo', inboxUrl: platform.inboxUrl }));
  expect((await fetch(link, { redirect: 'manual' })).status).toBe(303);
  const signed = await client.auth.signInWithPassword({ email, password: 'Clave-nueva-42' });
  expect(signed.error).toBeNull();
  return { client, id: signed.data.user!.id, token: signed.data.session!.access_token };
}

describe('legacy API keys switched off', () => {
  it('refuses the anon and service_role keys wherever they are sent', async () => {
    const refused = { status: 401, message: 'Legacy API keys are disabled' };
    const call = async (path: string, headers: Record<string, string>, method = 'GET') => {
      const r = await fetch(`${platform.apiUrl}${path}`, { method, headers });
      return { status: r.status, message: ((await r.json()) as { message?: string }).message };
    };
    expect(await call('/rest/v1/clubs?select=id', { apikey: platform.anonKey })).toEqual(refused);
    expect(await call('/auth/v1/settings', { apikey: platform.anonKey })).toEqual(refused);
    expect(await call('/rest/v1/clubs?select=id', { apikey: platform.serviceRoleKey, authorization: `Bearer ${platform.serviceRoleKey}` })).toEqual(refused);
    expect(await call('/functions/v1/dispatch-notifications', { authorization: `Bearer ${platform.serviceRoleKey}` }, 'POST')).toEqual(refused);
    // The new keys serve.
    expect((await fetch(`${platform.apiUrl}/rest/v1/clubs?select=id`, { headers: { apikey: platform.publishableKey } })).status).toBe(200);
  });

  it("a new player's journey works on the new keys: sign-up, picks, live chat, a Pro payment, a push reminder", { timeout: 120_000 }, async () => {
    expect(platform.keys.legacyApiKeysEnabled).toBe(false);
    const { rows: [round] } = await q(`insert into public.quinielas (name, week, deadline) values ('Jornada sin llaves viejas', 1, now() + interval '90 minutes') returning id`);
    const quinielaId = Number(round.id);
    await q(`insert into public.matches (quiniela_id, match_order, home_team, away_team) select $1, n, 'L' || n, 'V' || n from generate_series(1, 3) n`, [quinielaId]);
    const { rows: matches } = await q('select id from public.matches where quiniela_id = $1 order by match_order', [quinielaId]);

    // Sign-up and confirmation (auth on the publishable key; the session is ES256).
    const ana = await newPlayer('ana');
    const beto = await newPlayer('beto');

    // Picks: two of three (the third is what the reminder will be about).
    for (const m of matches.slice(0, 2)) {
      const saved = await ana.client.from('picks').insert({ user_id: ana.id, quiniela_id: quinielaId, match_id: m.id, result: 'Local' });
      expect(saved.error).toBeNull();
    }

    // Live chat: Beto watches the round's chat, Ana writes, Beto hears it.
    const heard: string[] = [];
    await beto.client.realtime.setAuth(beto.token);
    const channel = beto.client
      .channel(`chat:${quinielaId}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'chat_messages', filter: `quiniela_id=eq.${quinielaId}` }, (p) => heard.push(String(p.new.message)));
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((status, err) => (status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' || status === 'TIMED_OUT' ? reject(err ?? new Error(status)) : undefined)),
    );
    expect((await ana.client.from('chat_messages').insert({ quiniela_id: quinielaId, user_id: ana.id, message: '¡Vamos con todo!' })).error).toBeNull();
    await expect.poll(() => heard, { timeout: 30_000 }).toEqual(['¡Vamos con todo!']);
    await beto.client.removeChannel(channel);

    // A Pro payment: the function (called as the app calls it) makes the preference with its
    // secret key; MercadoPago's webhook credits it.
    expect((await ana.client.rpc('confirm_adult')).error).toBeNull();
    const started = await ana.client.functions.invoke('create-preference', { body: { quinielaId, packType: 'single' } });
    expect(started.error).toBeNull();
    const pref = new URL(String((started.data as { init_point: string }).init_point)).searchParams.get('pref_id');
    const paid = await fetch(`${platform.mercadopagoUrl}/__local/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ preference_id: pref, status: 'approved' }) });
    expect(paid.status).toBe(201);
    expect(paid.headers.get('x-local-webhook-status')).toBe('200');
    const { rows: entries } = await q('select voided_at from public.paid_entries where user_id = $1 and quiniela_id = $2', [ana.id, quinielaId]);
    expect(entries).toEqual([{ voided_at: null }]);

    // A push reminder: her phone subscribes, the reminder is queued, and the scheduled dispatcher,
    // called with the secret key, pushes it to her phone (the schedule's queueing job runs too and
    // finds it queued already).
    const keys = browserKeys();
    const endpoint = `${receiver.origin}/ana/${ana.id}`;
    expect((await ana.client.rpc('save_push_subscription', { p_endpoint: endpoint, p_p256dh: keys.p256dh, p_auth: keys.auth, p_user_agent: 'vitest' })).error).toBeNull();
    // Between 06:30 and 08:00 hora del Centro (by the database clock) the reminder of a round
    // closing after 08:00 is held by quiet hours until 08:00 (tests/api/notifications.test.ts
    // holds that). Here the morning comes at once: its hold is lifted, so the dispatcher finds it
    // on its first run whatever the hour.
    await q('select public.queue_notifications()');
    const { rows: queued } = await q(
      `update public.notification_outbox set next_attempt_at = least(next_attempt_at, now()) where user_id = $1 and kind = 'deadline_2h' returning channel`,
      [ana.id],
    );
    expect(queued).toEqual([{ channel: 'push' }]);
    const jobs = SCHEDULE.filter((j) => j.name === 'notifications' || j.name === 'notices-dispatch');
    expect(jobs.map((j) => j.name)).toEqual(['notifications', 'notices-dispatch']);
    const logs: string[] = [];
    const scheduler = startScheduler({ dbUrl: platform.dbUrl, apiUrl: platform.apiUrl, siteUrl: platform.apiUrl, smtp: { host: '127.0.0.1', port: platform.ports.smtp }, keys: platform.keys, log: (_p, m) => logs.push(m) }, jobs);
    try {
      await expect.poll(() => receiver.received.filter((r) => r.path === `/ana/${ana.id}`).length, { timeout: 60_000 }).toBe(1);
    } finally {
      await scheduler.close();
    }
    expect(logs.join('\n')).not.toMatch(/failed/);
    const push = JSON.parse(decryptPush(receiver.received.find((r) => r.path === `/ana/${ana.id}`)!.body, keys));
    expect(push).toMatchObject({ body: 'Te falta 1 predicción.' });
  });
});
