// The Pro screens' loaders: what each route reads, composed from the api files.
import { cachedRead, MAX_AGE } from '@/lib/cached-read';
import { getOpenRound } from '@/lib/game/open-round';
import { isRoundOpen, ROUND_SUMMARY_SELECT, toRoundSummary, type RoundSummary } from '@/lib/game/rounds';
import { currentSession } from '@/lib/session';
import { supabase } from '@/lib/supabase';
import { getAdultConfirmedAt } from './api/confirm-adult';
import { getPoolStats, getProOffer } from './api/get-pro-offer';

/** The round asked for when it is open (the weekly page's selector links to it), else the open round. */
async function proRound(roundId: number | undefined): Promise<RoundSummary | null> {
  if (roundId) {
    const { data, error } = await supabase.from('quinielas').select(ROUND_SUMMARY_SELECT).eq('id', roundId).maybeSingle();
    if (error) throw error;
    const round = data ? toRoundSummary(data) : null;
    if (round && isRoundOpen(round)) return round;
  }
  return getOpenRound();
}

/**
 * /pro: the packs, the round on sale and its pool, and whether the player already confirmed 18+.
 * Through the read cache, so a player who opened it once sees it offline, saying from when.
 */
export async function loadProLanding(roundId?: number) {
  const userId = (await currentSession())?.user.id ?? null;
  const { data, cachedAt } = await cachedRead(
    `pro:landing:${roundId ?? 'open'}`,
    userId,
    async () => {
      const [offer, round, adultConfirmedAt] = await Promise.all([getProOffer(), proRound(roundId), userId ? getAdultConfirmedAt(userId) : null]);
      const stats = round ? await getPoolStats(round) : null;
      return { offer, round, stats, adultConfirmedAt };
    },
    MAX_AGE.round,
  );
  return { ...data, userId, cachedAt };
}
