// What E2E tests need from the backend directly: supabase-js as a visitor, against the
// platform the global setup started, to know what the page ought to show.
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import type { Database } from '../../src/lib/database.types.ts';

export function visitorClient() {
  const url = process.env.SUPABASE_API_URL;
  const key = process.env.SUPABASE_PUBLISHABLE_KEY;
  if (!url || !key) throw new Error('SUPABASE_API_URL / SUPABASE_PUBLISHABLE_KEY missing: run through playwright.config.ts');
  return createClient<Database>(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
}

export interface ExpectedMatch {
  home: string;
  away: string;
  homeLogo: string | null;
  awayLogo: string | null;
}

/** The open round as the API reports it (the same rule the app uses, asked independently). */
export async function expectedOpenRound(): Promise<{ name: string; week: number; matches: ExpectedMatch[] }> {
  const { data, error } = await visitorClient()
    .from('quinielas')
    .select(
      'name, week, matches(match_order, home_team, away_team, home:clubs!matches_home_club_id_fkey(name, short_name, logo_url), away:clubs!matches_away_club_id_fkey(name, short_name, logo_url))',
    )
    .gt('deadline', new Date().toISOString())
    .eq('results_saved', false)
    .order('deadline')
    .limit(1)
    .single();
  if (error) throw error;
  const rows = [...data.matches].sort((a, b) => a.match_order - b.match_order);
  return {
    name: data.name,
    week: data.week,
    matches: rows.map((m) => ({
      home: m.home?.short_name || m.home?.name || m.home_team,
      away: m.away?.short_name || m.away?.name || m.away_team,
      homeLogo: m.home?.logo_url ?? null,
      awayLogo: m.away?.logo_url ?? null,
    })),
  };
}
