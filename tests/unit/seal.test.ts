// The browser's receipt check against a seal built here with node:crypto.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sealLeaf, verifySeal } from '../../src/features/picks/seal.ts';

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest();
const pair = (a: Buffer, b: Buffer) => sha(Buffer.compare(a, b) <= 0 ? Buffer.concat([a, b]) : Buffer.concat([b, a]));

const ROUND = 42;
const me = { user: '5eed0000-0000-4000-8000-000000000001', salt: '00112233445566778899aabbccddeeff' };
const picks = [{ matchId: 101, result: 'Local' }, { matchId: 102, result: 'Empate' }, { matchId: 103, result: 'Visita' }];
const myLeaf = sha(`${me.salt}|${ROUND}|${me.user}|101:Local,102:Empate,103:Visita`);
// Two other players' leaves; three leaves sorted, the odd one carried up.
const others = [sha('otro jugador 1'), sha('otro jugador 2')];
const sorted = [myLeaf, ...others].sort(Buffer.compare);
const root = pair(pair(sorted[0]!, sorted[1]!), sorted[2]!);
const proofFor = (leaf: Buffer) => {
  const i = sorted.findIndex((l) => l.equals(leaf));
  return i === 2 ? [pair(sorted[0]!, sorted[1]!).toString('hex')] : [sorted[i === 0 ? 1 : 0]!.toString('hex'), sorted[2]!.toString('hex')];
};
const receipt = { salt: me.salt, leaf: myLeaf.toString('hex'), proof: proofFor(myLeaf), root: root.toString('hex') };

describe('the receipt check', () => {
  it('recomputes the leaf exactly as docs/sealed-rounds.md says', async () => {
    expect(await sealLeaf(me.salt, ROUND, me.user, picks)).toBe(myLeaf.toString('hex'));
  });

  it('accepts his picks, the receipt and the public root when they agree', async () => {
    expect(await verifySeal(receipt, root.toString('hex'), ROUND, me.user, picks)).toBe(true);
  });

  it('refuses a changed pick, a wrong order, a different public root or a tampered proof', async () => {
    expect(await verifySeal(receipt, root.toString('hex'), ROUND, me.user, [picks[0]!, { matchId: 102, result: 'Local' }, picks[2]!])).toBe(false);
    expect(await verifySeal(receipt, root.toString('hex'), ROUND, me.user, [picks[1]!, picks[0]!, picks[2]!])).toBe(false);
    expect(await verifySeal(receipt, sha('otra raíz').toString('hex'), ROUND, me.user, picks)).toBe(false);
    expect(await verifySeal({ ...receipt, proof: [others[0]!.toString('hex')] }, root.toString('hex'), ROUND, me.user, picks)).toBe(false);
  });
});
