import { supabase } from '@/lib/supabase';
import type { MatchResult } from '../results';

interface PlayerRoundPicks {
  roundId: number;
  roundName: string;
  week: number;
  deadline: string;
  picks: Array<{ order: number; home: string; away: string; result: MatchResult; correctResult: MatchResult | null; voidedAt: string | null }>;
}

export interface PlayerPicks {
  username: string;
  rounds: PlayerRoundPicks[];
}

const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A player's picks by username (case-insensitive), newest round first; null when no such player. */
export async function getPlayerPicks(username: string): Promise<PlayerPicks | null> {
  const { data: profile, error } = await supabase.from('profiles').select('id, username').ilike('username', likeLiteral(username.trim())).maybeSingle();
  if (error) throw error;
  if (!profile) return null;
  const { data, error: picksError } = await supabase
    .from('picks')
    .select('result, quiniela_id, match:matches(match_order, home_team, away_team, correct_result, voided_at), round:quinielas(id, name, week, deadline)')
    .eq('user_id', profile.id)
    .order('quiniela_id', { ascending: false })
    .limit(1000);
  if (picksError) throw picksError;
  const byRound = new Map<number, PlayerRoundPicks>();
  for (const p of data) {
    if (!p.round || !p.match) continue;
    let round = byRound.get(p.round.id);
    if (!round) {
      round = { roundId: p.round.id, roundName: p.round.name, week: p.round.week, deadline: p.round.deadline, picks: [] };
      byRound.set(p.round.id, round);
    }
    round.picks.push({
      order: p.match.match_order,
      home: p.match.home_team,
      away: p.match.away_team,
      result: p.result as MatchResult,
      correctResult: p.match.correct_result as MatchResult | null,
      voidedAt: p.match.voided_at,
    });
  }
  const rounds = [...byRound.values()].sort((a, b) => b.deadline.localeCompare(a.deadline));
  for (const r of rounds) r.picks.sort((a, b) => a.order - b.order);
  return { username: profile.username, rounds };
}
