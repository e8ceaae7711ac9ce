// How many matches of the open round the player has picked: the server's picks and, on this
// phone, the taps still waiting to be sent (a pick refused at the close does not count). /inicio
// says "Te faltan 3" or "12/12 ✓" with it.
import { supabase } from '@/lib/supabase';

export async function getMyRoundProgress(userId: string, roundId: number): Promise<number> {
  const [server, local] = await Promise.all([
    supabase.from('picks').select('match_id').eq('user_id', userId).eq('quiniela_id', roundId),
    // The drafts' code only when the home asks (the page's first load does not wait for Dexie otherwise).
    Promise.all([import('@/lib/db'), import('@/lib/game/pick-drafts')])
      .then(([{ getDb }, { draftsOfRound }]) => draftsOfRound(getDb(), userId, roundId))
      .catch(() => []),
  ]);
  if (server.error) throw server.error;
  const picked = new Set(server.data.map((p) => p.match_id));
  for (const draft of local) if (draft.status !== 'rejected') picked.add(draft.matchId);
  return picked.size;
}
