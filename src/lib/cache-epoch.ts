// Which reads may still store their answer in the read cache (src/lib/cached-read.ts). Sign-out
// forgets the cache (forgetSignedOutUser, src/lib/outbox.ts) and starts a new epoch; a read that
// began before it does not store its answer, which would put the signed-out player's copy back
// on the phone (the home's Boost card, preloaded as he opened the menu to sign out, did).
let epoch = 0;

export const cacheEpoch = (): number => epoch;

export function newCacheEpoch(): void {
  epoch += 1;
}
