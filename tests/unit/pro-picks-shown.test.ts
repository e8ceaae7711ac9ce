// What a Pro entry's match shows of the phone's draft (src/features/pro/model/merge-pro-picks.ts):
// a pick refused for good says the database's reason; one refused at the close says it closed.
import { describe, expect, it } from 'vitest';
import type { ProPickDraft } from '../../src/lib/db';
import type { ProEntry } from '../../src/features/pro/api/get-pro-round';
import { proPickStateText, shownProPicks } from '../../src/features/pro/model/merge-pro-picks';

const entry = { id: 5, picks: {} } as unknown as ProEntry;
const draft = (matchId: number, extra: Partial<ProPickDraft>): ProPickDraft => ({
  userId: 'u',
  slot: `5:${matchId}`,
  entryId: 5,
  matchId,
  quinielaId: 14,
  result: 'Local',
  version: 1,
  status: 'rejected',
  savedAt: null,
  deadline: null,
  ...extra,
});

describe("a Pro pick's delivery", () => {
  it('refused for good: the reason the database gave; refused at the close: the round closed', () => {
    const shown = shownProPicks(entry, [draft(101, { refusal: 'ese partido no es de la quiniela de esta entrada' }), draft(102, {}), draft(103, { status: 'pending' })]);
    expect(proPickStateText(shown[101]!)).toBe('No se envió: ese partido no es de la quiniela de esta entrada');
    expect(proPickStateText(shown[102]!)).toBe('No se envió: la quiniela ya cerró');
    expect(proPickStateText(shown[103]!)).toBe('Esperando para enviarse');
  });
});
