// Generated crests for every seeded club: the app serves its own badges (no external URLs:
// the product must work offline and this machine has no internet). Each crest is a small SVG
// in the club's colours with its initials; clubs get a shield, national teams a round badge.
// Run: npx tsx supabase/seed/crests.ts  (also run by supabase/seed/generate.ts)
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { clubs, type Club } from './clubs.ts';

export const PUBLIC_DIR = resolve(import.meta.dirname, '..', '..', 'public');

const SHIELD = 'M32 3 L59 11 V35 C59 52 47 63 32 69 C17 63 5 52 5 35 V11 Z';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The initials' colour: the club's second colour when it reads well, else white or near-black. */
function inkFor(background: string, secondary: string): string {
  if (contrast(background, secondary) >= 4.5) return secondary;
  return contrast(background, '#FFFFFF') >= contrast(background, '#111111') ? '#FFFFFF' : '#111111';
}

/** A stable small number per club, so the same club always gets the same pattern. */
function pick(slug: string, n: number): number {
  let h = 0;
  for (const ch of slug) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h % n;
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function initials(club: Club, cx: number, cy: number, ink: string): string {
  const size = club.initials.length >= 4 ? 14 : club.initials.length === 3 ? 17 : 22;
  return `<text x="${cx}" y="${cy}" fill="${ink}" font-family="sans-serif" font-size="${size}" font-weight="700" text-anchor="middle" dominant-baseline="central" letter-spacing="0.5">${escapeXml(club.initials)}</text>`;
}

function shieldSvg(club: Club): string {
  const { primary, secondary } = club;
  const outline = contrast(primary, '#FFFFFF') < 1.3 ? secondary : primary === '#111111' ? secondary : '#111111';
  // Patterns keep the middle of the shield in the primary colour so the initials stay legible.
  const patterns = [
    `<rect x="0" y="0" width="64" height="22" fill="${secondary}"/>`, // chief
    `<rect x="0" y="52" width="64" height="20" fill="${secondary}"/>`, // base
    `<rect x="6" y="0" width="6" height="72" fill="${secondary}"/><rect x="52" y="0" width="6" height="72" fill="${secondary}"/>`, // side stripes
    `<path d="M0 0 H64 V8 L32 20 L0 8 Z" fill="${secondary}"/><path d="M0 60 L32 48 L64 60 V72 H0 Z" fill="${secondary}"/>`, // chevrons
  ];
  const pattern = primary.toUpperCase() === secondary.toUpperCase() ? '' : patterns[pick(club.slug, patterns.length)];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 72" width="64" height="72" role="img" aria-label="${escapeXml(club.name)}">`,
    `<title>${escapeXml(club.name)}</title>`,
    `<defs><clipPath id="s"><path d="${SHIELD}"/></clipPath></defs>`,
    `<g clip-path="url(#s)"><rect width="64" height="72" fill="${primary}"/>${pattern}</g>`,
    `<path d="${SHIELD}" fill="none" stroke="${outline}" stroke-width="2.5" stroke-linejoin="round"/>`,
    initials(club, 32, 37, inkFor(primary, secondary)),
    `</svg>`,
  ].join('');
}

function roundSvg(club: Club): string {
  const { primary, secondary } = club;
  const ring = contrast(secondary, '#FFFFFF') < 1.3 ? '#111111' : secondary;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${escapeXml(club.name)}">`,
    `<title>${escapeXml(club.name)}</title>`,
    `<circle cx="32" cy="32" r="30" fill="${ring}"/>`,
    `<circle cx="32" cy="32" r="25" fill="${primary}"/>`,
    `<circle cx="32" cy="32" r="25" fill="none" stroke="#FFFFFF" stroke-opacity="0.6" stroke-width="1.5"/>`,
    initials(club, 32, 33, inkFor(primary, secondary)),
    `</svg>`,
  ].join('');
}

export function crestSvg(club: Club): string {
  return (club.shape === 'circle' ? roundSvg(club) : shieldSvg(club)) + '\n';
}

/** Rewrites public/crests/ from the club list (stale files of removed clubs go too). */
export async function writeCrests(): Promise<number> {
  const root = join(PUBLIC_DIR, 'crests');
  await rm(root, { recursive: true, force: true });
  for (const club of clubs) {
    const file = join(PUBLIC_DIR, club.logoUrl);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, crestSvg(club));
  }
  return clubs.length;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`wrote ${await writeCrests()} crests to public/crests/`);
}
