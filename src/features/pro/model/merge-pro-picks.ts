// What an entry's match shows: the newest of the device's draft and the server's pick. A draft
// waiting or refused always wins (it is the player's last tap); a saved draft loses to a server
// pick written after it (another phone, or "copy the free picks"). A refused pick says why.
import type { PickResult, ProPickDraft } from '@/lib/db';
import type { ProEntry } from '../api/get-pro-round';

export interface ShownProPick {
  result: PickResult;
  state: 'saved' | 'pending' | 'rejected';
  /** Refused for good, not for the close: the database's reason. */
  refusal?: string;
}

export function shownProPicks(entry: ProEntry, drafts: ProPickDraft[]): Record<number, ShownProPick> {
  const out: Record<number, ShownProPick> = {};
  for (const [matchId, pick] of Object.entries(entry.picks)) out[Number(matchId)] = { result: pick.result, state: 'saved' };
  for (const draft of drafts) {
    if (draft.entryId !== entry.id) continue;
    const server = entry.picks[draft.matchId];
    const serverNewer = draft.status === 'saved' && server && draft.savedAt !== null && new Date(server.updatedAt).getTime() > new Date(draft.savedAt).getTime();
    if (!serverNewer) out[draft.matchId] = { result: draft.result, state: draft.status, ...(draft.refusal ? { refusal: draft.refusal } : {}) };
  }
  return out;
}

/** The line under a match whose pick is not simply saved (none when it is). */
export function proPickStateText(pick: ShownProPick): string | null {
  if (pick.state === 'pending') return 'Esperando para enviarse';
  if (pick.state === 'rejected') return `No se envió: ${pick.refusal ?? 'la quiniela ya cerró'}`;
  return null;
}
