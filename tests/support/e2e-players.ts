// Players and rounds for the picks journeys: a confirmed player made through the auth admin API
// (service role), signed in with supabase-js, and the page handed that session the way
// supabase-js stores it, so these journeys do not depend on the login screen. Also rounds made
// with the service role, and the server's view of a player's picks.
import { expect, type Page } from '@playwright/test';
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import type { Database } from '../../src/lib/database.types.ts';
import { e2eSql } from './e2e-standings.ts';

type Client = SupabaseClient<Database>;

function env(name: 'SUPABASE_API_URL' | 'SUPABASE_PUBLISHABLE_KEY' | 'SUPABASE_SECRET_KEY'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} missing: run through playwright.config.ts`);
  return value;
}

function client(key: string, accessToken?: string): Client {
  return createClient<Database>(env('SUPABASE_API_URL'), key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
    ...(accessToken ? { global: { headers: { Authorization: `Bearer ${accessToken}` } } } : {}),
  });
}

export const serviceClient = () => client(env('SUPABASE_SECRET_KEY'));

export interface E2ePlayer {
  id: string;
  email: string;
  session: Session;
  /** supabase-js signed in as this player (reads what RLS lets him read). */
  api: Client;
}

const PLAYER_PASSWORD = 'Golazo2025';

/** Signs in with a password through the auth API. */
export async function signInPlayer(email: string, password: string = PLAYER_PASSWORD): Promise<E2ePlayer> {
  const { data, error } = await client(env('SUPABASE_PUBLISHABLE_KEY')).auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { id: data.user.id, email, session: data.session, api: client(env('SUPABASE_PUBLISHABLE_KEY'), data.session.access_token) };
}

/** A brand-new confirmed player (the sign-up chain creates his profile). */
export async function createPlayer(prefix = 'picks'): Promise<E2ePlayer> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${prefix}-${tag}@e2e.quinielazo.mx`;
  const { error } = await serviceClient().auth.admin.createUser({
    email,
    password: PLAYER_PASSWORD,
    email_confirm: true,
    user_metadata: { username: `${prefix}_${tag}`.slice(0, 20) },
  });
  if (error) throw error;
  return signInPlayer(email);
}

/** supabase-js's default storage key for this API URL. */
function storageKey(): string {
  return `sb-${new URL(env('SUPABASE_API_URL')).hostname.split('.')[0]}-auth-token`;
}

/**
 * Puts the player's session where the app's supabase-js looks for it (once; the app may refresh
 * it later). With `onlyFirstLoad`, only the tab's first page load gets it, so a journey that
 * signs out stays signed out across reloads.
 */
export async function signInPage(page: Page, player: E2ePlayer, { onlyFirstLoad = false } = {}): Promise<void> {
  await page.addInitScript(
    ({ key, value, onlyFirstLoad }) => {
      if (onlyFirstLoad) {
        if (window.sessionStorage.getItem('e2e:signed-in')) return;
        window.sessionStorage.setItem('e2e:signed-in', '1');
      }
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
    },
    { key: storageKey(), value: JSON.stringify(player.session), onlyFirstLoad },
  );
}

/** Waits until the service worker controls the page (it claims clients on activation). */
export async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The player's picks of a round as the server has them, by match order. */
export async function serverPicks(player: E2ePlayer, roundId: number): Promise<Record<number, string>> {
  const { data, error } = await player.api.from('picks').select('result, match:matches(match_order)').eq('quiniela_id', roundId);
  if (error) throw error;
  return Object.fromEntries(data.map((row) => [row.match!.match_order, row.result]));
}

/** The open round's id (the one /picks?quiniela=current shows). */
export async function currentRoundId(): Promise<number> {
  const { data, error } = await serviceClient()
    .from('quinielas')
    .select('id')
    .gt('deadline', new Date().toISOString())
    .eq('results_saved', false)
    .order('deadline')
    .limit(1)
    .single();
  if (error) throw error;
  return data.id;
}

/**
 * A round of `matches` matches between seeded clubs, created with the service role. Its
 * deadline is put after every other open round's, so it never becomes "the current round"
 * of journeys running alongside.
 */
export async function createRound(name: string, matches = 3): Promise<{ id: number }> {
  const service = serviceClient();
  const latest = await service.from('quinielas').select('deadline').order('deadline', { ascending: false }).limit(1).single();
  if (latest.error) throw latest.error;
  const deadline = new Date(Math.max(Date.parse(latest.data.deadline), Date.now()) + 7 * 24 * 3600_000).toISOString();
  const round = await service.from('quinielas').insert({ name, week: 99, deadline }).select('id').single();
  if (round.error) throw round.error;
  const clubs = await service.from('clubs').select('id, name').order('id').limit(matches * 2);
  if (clubs.error) throw clubs.error;
  const rows = Array.from({ length: matches }, (_, i) => {
    const home = clubs.data[2 * i]!;
    const away = clubs.data[2 * i + 1]!;
    return { quiniela_id: round.data.id, match_order: i + 1, home_team: home.name, away_team: away.name, home_club_id: home.id, away_club_id: away.id };
  });
  const inserted = await service.from('matches').insert(rows);
  if (inserted.error) throw inserted.error;
  return round.data;
}

/** Closes a round now, as its deadline passing does: a minute ago by the database clock (not
 * before this Mexico City month), so that another test's screen whose clock was read a moment
 * before (a busy machine) does not take it for the open round with the soonest deadline.
 * Close a round after its picks are in: a round's live pick patterns are built once after its
 * deadline (175_live_standings.sql), and another journey's poll in between builds them empty. */
export async function closeRoundNow(roundId: number): Promise<Date> {
  const [{ deadline }] = await e2eSql<{ deadline: Date }>(
    `update public.quinielas
     set deadline = least(now() - interval '1 second',
                          greatest(now() - interval '1 minute',
                                   (date_trunc('month', now() at time zone 'America/Mexico_City') at time zone 'America/Mexico_City') + interval '1 second'))
     where id = $1
     returning deadline`,
    [roundId],
  );
  return deadline!;
}
