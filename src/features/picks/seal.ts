// Checks a player's receipt of a sealed round in the browser (docs/sealed-rounds.md): his leaf
// recomputed from his salt and his picks, walked up the proof to the root, compared with the
// public root. WebCrypto's SHA-256; no library needed.

export interface SealReceipt {
  salt: string;
  leaf: string;
  proof: string[];
  root: string;
}

export interface SealedPick {
  matchId: number;
  result: string;
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));

async function sha256(data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', data as BufferSource));
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** His leaf: sha256 of "salt|round|user|match:result,…" with the picks in match order. */
export async function sealLeaf(salt: string, roundId: number, userId: string, picksInOrder: readonly SealedPick[]): Promise<string> {
  const picks = picksInOrder.map((p) => `${p.matchId}:${p.result}`).join(',');
  return toHex(await sha256(new TextEncoder().encode(`${salt}|${roundId}|${userId}|${picks}`)));
}

/** True when his picks, the receipt and the public root agree. */
export async function verifySeal(receipt: SealReceipt, publicRoot: string, roundId: number, userId: string, picksInOrder: readonly SealedPick[]): Promise<boolean> {
  const leaf = await sealLeaf(receipt.salt, roundId, userId, picksInOrder);
  if (leaf !== receipt.leaf) return false;
  let node: Uint8Array = fromHex(leaf);
  for (const hex of receipt.proof) {
    const sibling = fromHex(hex);
    const [a, b] = compareBytes(node, sibling) <= 0 ? [node, sibling] : [sibling, node];
    const pair = new Uint8Array(a.length + b.length);
    pair.set(a);
    pair.set(b, a.length);
    node = await sha256(pair);
  }
  return toHex(node) === receipt.root && receipt.root === publicRoot;
}
