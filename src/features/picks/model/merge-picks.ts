// What each match shows: the newest of the local draft and the server's pick, with its state.
import type { PickDraft, PickResult } from '@/lib/db';
import type { ServerPick } from '../api/get-round-detail';

type PickState = 'saved' | 'pending' | 'rejected';

export interface ShownPick {
  result: PickResult;
  state: PickState;
  /** The server's time of the accepted write (the receipt), when saved. */
  savedAt: string | null;
  /** A refused pick ('rejected'): what the server kept for the match instead, if anything. */
  counted?: PickResult | null;
}

/**
 * A draft wins unless it is an old receipt and the server has a newer write (the player
 * changed it on another device). A pending draft past the deadline can no longer be sent.
 */
export function mergePicks(
  matchIds: number[],
  serverPicks: Record<number, ServerPick>,
  drafts: PickDraft[],
  open: boolean,
): Record<number, ShownPick> {
  const byMatch = new Map(drafts.map((d) => [d.matchId, d]));
  const shown: Record<number, ShownPick> = {};
  for (const matchId of matchIds) {
    const draft = byMatch.get(matchId);
    const server = serverPicks[matchId];
    if (draft && !(draft.status === 'saved' && server && draft.savedAt && server.updatedAt > draft.savedAt)) {
      const state: PickState = draft.status === 'pending' && !open ? 'rejected' : draft.status;
      shown[matchId] = state === 'rejected' ? { result: draft.result, state, savedAt: null, counted: server?.result ?? null } : { result: draft.result, state, savedAt: draft.savedAt };
    } else if (server) {
      shown[matchId] = { result: server.result, state: 'saved', savedAt: server.updatedAt };
    }
  }
  return shown;
}
