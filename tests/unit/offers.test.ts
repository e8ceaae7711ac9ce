import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { offerOfTheDay, OFFERS } from '../../src/features/offers/offers.ts';

const PUBLIC_DIR = fileURLToPath(new URL('../../public', import.meta.url));

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v), values };
}

describe("today's offer", () => {
  it('is chosen at random once a day and kept for the session', () => {
    const storage = memoryStorage();
    const first = offerOfTheDay('2026-11-23', storage, () => 0.99);
    expect(first).toBe(OFFERS[OFFERS.length - 1]);
    // The same day the random number no longer matters.
    expect(offerOfTheDay('2026-11-23', storage, () => 0)).toBe(first);
    // A new day chooses again.
    expect(offerOfTheDay('2026-11-24', storage, () => 0)).toBe(OFFERS[0]);
  });

  it('survives a damaged stored value and a browser without storage', () => {
    const storage = memoryStorage();
    storage.setItem('quinielazo:offer', '{no es json');
    expect(offerOfTheDay('2026-11-23', storage, () => 0.5)).toBe(OFFERS[1]);
    expect(offerOfTheDay('2026-11-23', null, () => 0)).toBe(OFFERS[0]);
    const throwing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    expect(offerOfTheDay('2026-11-23', throwing, () => 0.4)).toBe(OFFERS[1]);
  });

  it('are three, each with a raster logo the app serves and an https link', () => {
    expect(OFFERS).toHaveLength(3);
    for (const offer of OFFERS) {
      // Raster: an SVG in an <img> costs the page a document of its own.
      expect(offer.logo).toMatch(/^\/offers\/.+\.png$/);
      expect(existsSync(join(PUBLIC_DIR, offer.logo)), offer.logo).toBe(true);
      expect(offer.url).toMatch(/^https:\/\//);
    }
  });
});
