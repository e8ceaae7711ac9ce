// The round's live scores (docs/match-day.md): read from match_live when the screen subscribes
// (and again after every reconnect), then kept current by the poller's broadcasts on the round's
// private topic "live:round:<id>" — one message per change for the whole round. The feed's state
// says whether the score is paused ("marcador en pausa"); the round's histogram of provisional
// points (public.get_live_standings, and in the message when it changed) gives the player's place.
// A match made void while the screen is open arrives the same way (`voided`, one message for the
// round) and is read again on every (re)subscribe, so the screen counts it without a reload; so
// does a result an admin types by hand (`results`). A broadcast Realtime refused comes later as
// `readAgain`: the screen reads the round again.
import type { RealtimeChannel } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';
import { supabase } from '@/lib/supabase';
import { supabaseFull } from '@/lib/supabase-full';
import type { MatchSide } from '@/lib/game/rounds';
import type { LiveScore, LiveStandings } from '../model/live';

export interface LiveRound {
  byMatch: Record<number, LiveScore>;
  /** The provider is failing: scores are as they were last known. */
  paused: boolean;
  /** How many players would have each number of points (null before the first). */
  standings: LiveStandings | null;
  /** The round's matches made void, by id: when (newer than the page's copy of the round). */
  voidedAt: Record<number, string>;
  /** The round's results as the database has them now (typed by hand or from the feed), by match id. */
  results: Record<number, MatchSide | null>;
}

const EMPTY: LiveRound = { byMatch: {}, paused: false, standings: null, voidedAt: {}, results: {} };

interface Broadcast {
  quinielaId: number;
  feed?: 'ok' | 'paused';
  matches: LiveScore[];
  standings?: LiveStandings;
  voided?: Array<{ matchId: number; voidedAt: string }>;
  /** A result typed by hand (or changed) since. */
  results?: Array<{ matchId: number; result: MatchSide | null }>;
  /** A broadcast Realtime refused: read the round again (its changes are not in this message). */
  readAgain?: boolean;
}

async function readLive(roundId: number): Promise<LiveRound> {
  const [scores, feed, standings, voids] = await Promise.all([
    supabase.from('match_live').select('match_id, status, elapsed, extra, home_goals, away_goals, proposed_result').eq('quiniela_id', roundId),
    supabase.from('live_feed').select('state').maybeSingle(),
    supabase.rpc('get_live_standings', { quiniela_id_input: roundId }),
    supabase.from('matches').select('id, voided_at, correct_result').eq('quiniela_id', roundId),
  ]);
  if (scores.error) throw scores.error;
  const byMatch: Record<number, LiveScore> = {};
  for (const r of scores.data ?? []) {
    byMatch[r.match_id] = {
      matchId: r.match_id,
      status: r.status,
      elapsed: r.elapsed,
      extra: r.extra,
      home: r.home_goals,
      away: r.away_goals,
      proposedResult: r.proposed_result as MatchSide | null,
    };
  }
  const voidedAt: Record<number, string> = {};
  const results: Record<number, MatchSide | null> = {};
  for (const m of voids.data ?? []) {
    if (m.voided_at) voidedAt[m.id] = m.voided_at;
    results[m.id] = m.correct_result as MatchSide | null;
  }
  // The place is extra: without it the scores still show.
  return { byMatch, paused: feed.data?.state === 'paused', standings: standings.error ? null : ((standings.data as LiveStandings | null) ?? null), voidedAt, results };
}

/** The round's live scores while `enabled` (a closed round not yet finalized). */
export function useLiveScores(roundId: number, enabled: boolean): LiveRound {
  const [live, setLive] = useState<LiveRound>(EMPTY);
  useEffect(() => {
    if (!enabled) return;
    let channel: RealtimeChannel | undefined;
    let stopped = false;
    const read = () =>
      readLive(roundId)
        .then((next) => !stopped && setLive(next))
        .catch((error: unknown) => console.warn('Los marcadores en vivo no están disponibles', error));
    void supabaseFull()
      .then((client) => {
        if (stopped) return;
        channel = client
          .channel(`live:round:${roundId}`, { config: { private: true } })
          .on('broadcast', { event: 'scores' }, ({ payload }) => {
            const message = payload as Broadcast;
            if (message.readAgain) return void read();
            setLive((was) => {
              const byMatch = { ...was.byMatch };
              for (const m of message.matches ?? []) byMatch[m.matchId] = m;
              const voidedAt = { ...was.voidedAt };
              for (const v of message.voided ?? []) voidedAt[v.matchId] = v.voidedAt;
              const results = { ...was.results };
              for (const r of message.results ?? []) results[r.matchId] = r.result;
              return { byMatch, paused: message.feed ? message.feed === 'paused' : was.paused, standings: message.standings ?? was.standings, voidedAt, results };
            });
          })
          .subscribe((status) => {
            if (status === 'SUBSCRIBED') void read();
          });
      })
      .catch((error: unknown) => console.warn('Los marcadores en vivo no están disponibles', error));
    return () => {
      stopped = true;
      if (channel) void supabaseFull().then((client) => client.removeChannel(channel!));
    };
  }, [roundId, enabled]);
  return enabled ? live : EMPTY;
}
