// Generated crests for every seeded club: the app serves its own badges (no external URLs:
// the product must work offline and this machine has no internet). Each crest is drawn as an SVG
// in the club's colours with its initials (clubs get a shield, national teams a round badge) and
// served as a WebP drawn from it at twice its size. A phone paints an SVG image on the main
// thread (its own document, the initials' text shaped at paint time): 12 matches' crests were
// ~100–200 ms of a slow phone's main thread on the weekly page; a WebP is decoded off it
// (docs/decisions/speed.md, "Main-thread work": crests as WebP).
// Run: npx tsx supabase/seed/crests.ts  (also run by supabase/seed/generate.ts); it draws them
// in Chromium (Playwright, CHROMIUM_PATH or Debian's /usr/bin/chromium).
import { chromium } from '@playwright/test';
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

/** Pixels per SVG unit in the WebP: 128 px wide, sharp at the largest size shown (44 px) on a 3× screen. */
const SCALE = 2;
/** WebP quality: about 3 KB a crest, indistinguishable from the SVG at the sizes shown. */
const QUALITY = 0.8;

/** Rewrites public/crests/ from the club list (stale files of removed clubs go too). */
export async function writeCrests(): Promise<number> {
  const root = join(PUBLIC_DIR, 'crests');
  await rm(root, { recursive: true, force: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    for (const club of clubs) {
      const svg = crestSvg(club);
      const webp = await page.evaluate(
        async ({ svg, scale, quality }) => {
          const image = new Image();
          image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = image.naturalWidth * scale;
          canvas.height = image.naturalHeight * scale;
          canvas.getContext('2d')!.drawImage(image, 0, 0, canvas.width, canvas.height);
          return canvas.toDataURL('image/webp', quality);
        },
        { svg, scale: SCALE, quality: QUALITY },
      );
      if (!webp.startsWith('data:image/webp;base64,')) throw new Error(`[crests] Chromium did not encode ${club.slug} as WebP`);
      const file = join(PUBLIC_DIR, club.logoUrl);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, Buffer.from(webp.slice(webp.indexOf(',') + 1), 'base64'));
    }
  } finally {
    await browser.close();
  }
  return clubs.length;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`wrote ${await writeCrests()} crests to public/crests/`);
}
