// "Mis ligas" (/ligas and the homes' card) through the read cache (src/lib/cached-read.ts):
// offline the player still finds his ligas, and through them each liga's saved table.
import { cachedRead, MAX_AGE, type Cached } from '@/lib/cached-read';
import { getMyLeagues, type MyLeague } from './api/get-my-leagues';

export function loadMyLeagues(userId: string): Promise<Cached<MyLeague[]>> {
  return cachedRead('ligas:mine', userId, getMyLeagues, MAX_AGE.league);
}
