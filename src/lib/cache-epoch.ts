// Which reads may still store their answer in the read cache (src/lib/cached-read.ts). Sign-out
// forgets the cache (forgetSignedOutUser, src/lib/outbox.ts) and starts a new epoch; a read that
// began before it does not store its answer, which would put the signed-out player's copy back
// on the phone (the home's Boost card, preloaded as he opened the menu to sign out, did). Nor does
// a read for a player who is no longer the one signed in: a screen still showing his data reads
// again as he signs out, after the epoch changed, and its answer (what a visitor may read too)
// landed under his name (5 copies left after "Cerrar sesión", seen once in CI).
let epoch = 0;
/** The player signed in on this tab, as the session last said (undefined: not heard yet). */
let signedIn: string | null | undefined;

export const cacheEpoch = (): number => epoch;

export function newCacheEpoch(): void {
  epoch += 1;
}

/** Told by the session (src/lib/session.ts) on every auth event. */
export function setSignedInPlayer(userId: string | null): void {
  signedIn = userId;
}

/** Whether a read's answer may be stored under `owner`: the epoch it began in is still current,
 * and he is still the one signed in. */
export function mayStore(owner: string, since: number): boolean {
  return epoch === since && (signedIn === undefined || signedIn === owner);
}
