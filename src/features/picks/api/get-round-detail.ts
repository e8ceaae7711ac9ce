// One round for the picks screens: the round with its matches (clubs, bonuses, results), the
// player's own saved picks, and after the deadline the vote percentages (get_vote_stats).
import type { PickResult } from '@/lib/db';
import { getOpenRound, getRound } from '@/lib/game/open-round';
import { isRoundOpen, toSide, type MatchSide, type RoundMatch, type RoundWithMatches } from '@/lib/game/rounds';
import { supabase } from '@/lib/supabase';

export type DetailMatch = RoundMatch;
type RoundDetail = RoundWithMatches;

export interface ServerPick {
  result: PickResult;
  updatedAt: string;
}

/** A closed match's votes per side (counts; the screens make them percentages with lib/game/vote-split.ts). */
export type VoteCounts = Record<MatchSide, number>;

export interface RoundView {
  round: RoundDetail;
  /** The player's picks on the server, by match id (empty for visitors). */
  myPicks: Record<number, ServerPick>;
  /** Percentages per match once the round is closed; null before or when unavailable. */
  votes: Record<number, VoteCounts> | null;
}

export type RoundRef = number | 'current';

/** "current": the open round with the soonest deadline (read with its matches in one request,
 * since a visitor's first screen waits on it), else the most recent round. */
async function readRound(ref: RoundRef): Promise<RoundWithMatches | null> {
  if (ref !== 'current') return getRound(ref);
  const open = await getOpenRound();
  if (open) return open;
  const latest = await supabase.from('quinielas').select('id').order('deadline', { ascending: false }).limit(1).maybeSingle();
  if (latest.error) throw latest.error;
  return latest.data ? getRound(latest.data.id) : null;
}

type VoteRow = { match_id: number; option: string; votes: number };
type VoteRpc = (fn: 'get_vote_stats', args: { quiniela_id_input: number }) => PromiseLike<{ data: VoteRow[] | null; error: { message: string } | null }>;

/** Votes per match and side; null when the function answers nothing (before the deadline). */
async function getVoteCounts(roundId: number): Promise<Record<number, VoteCounts> | null> {
  const rpc = supabase.rpc.bind(supabase) as unknown as VoteRpc;
  const { data, error } = await rpc('get_vote_stats', { quiniela_id_input: roundId });
  if (error) throw error;
  if (!data || data.length === 0) return null;
  const counts: Record<number, VoteCounts> = {};
  for (const row of data) {
    const side = toSide(row.option);
    if (!side) continue;
    const entry = (counts[row.match_id] ??= { Local: 0, Empate: 0, Visita: 0 });
    entry[side] += Number(row.votes);
  }
  return counts;
}

/** The round as the picks screens show it; null when there is no such round. Throws when a read fails. */
export async function getRoundView(ref: RoundRef, userId: string | null): Promise<RoundView | null> {
  // The player's picks do not depend on the round's content: read them beside it when its id is known.
  // (async: postgrest-js sends a request only when it is awaited.)
  const picksOf = async (id: number) => (userId ? await supabase.from('picks').select('match_id, result, updated_at').eq('user_id', userId).eq('quiniela_id', id) : null);
  const early = ref === 'current' ? null : picksOf(ref);
  const round = await readRound(ref);
  if (!round) return null;
  const id = round.id;

  const closed = !isRoundOpen(round);
  // Percentages are a garnish: a failing stats call must not hide the round.
  const [picks, votes] = await Promise.all([early ?? picksOf(id), closed ? getVoteCounts(id).catch(() => null) : null]);
  const myPicks: Record<number, ServerPick> = {};
  if (picks) {
    if (picks.error) throw picks.error;
    for (const p of picks.data) {
      const side = toSide(p.result);
      if (side) myPicks[p.match_id] = { result: side, updatedAt: p.updated_at };
    }
  }
  return { round, myPicks, votes };
}
