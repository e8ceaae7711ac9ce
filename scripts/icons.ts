// Draws the app icons (a football on the brand green) as SVG and renders the PNG sizes with
// Debian's Chromium through playwright-core, since no image library is installed.
// Run: npx tsx scripts/icons.ts   → public/icons/*.png (app icons and the header's logo), public/apple-touch-icon.png, public/favicon.svg
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { BRAND } from '../src/lib/brand.ts';

const PUBLIC_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const INK = '#0f172a';

const round = (n: number) => Math.round(n * 1000) / 1000;
const polar = (r: number, deg: number): [number, number] => {
  const a = (deg * Math.PI) / 180;
  return [round(r * Math.cos(a)), round(r * Math.sin(a))];
};
const polygon = (cx: number, cy: number, r: number, startDeg: number) =>
  Array.from({ length: 5 }, (_, k) => polar(r, startDeg + 72 * k))
    .map(([x, y], k) => `${k ? 'L' : 'M'}${round(cx + x)},${round(cy + y)}`)
    .join(' ') + ' Z';

/** A unit football (radius 1, centred on 0,0): a centre pentagon, seams and five rim patches. */
function ball(): string {
  const seams: string[] = [];
  const patches: string[] = [];
  for (let k = 0; k < 5; k++) {
    const a = -90 + 72 * k;
    const [vx, vy] = polar(0.36, a);
    const [px, py] = polar(0.62, a);
    seams.push(`M${vx},${vy} L${px},${py}`);
    for (const side of [-1, 1]) {
      const [qx, qy] = polar(0.86, a + side * 22);
      seams.push(`M${px},${py} L${qx},${qy}`);
    }
    const [cx, cy] = polar(1.02, a + 36);
    patches.push(polygon(cx, cy, 0.34, a + 36 + 180));
  }
  return [
    '<clipPath id="ball"><circle r="1"/></clipPath>',
    '<circle r="1" fill="#fff"/>',
    `<g clip-path="url(#ball)" fill="${INK}"><path d="${patches.join(' ')}"/></g>`,
    `<path d="${polygon(0, 0, 0.38, -90)}" fill="${INK}"/>`,
    `<path d="${seams.join(' ')}" stroke="${INK}" stroke-width="0.07" stroke-linecap="round" fill="none"/>`,
    `<circle r="0.97" fill="none" stroke="${INK}" stroke-width="0.06"/>`,
  ].join('');
}

/** The icon on a 100×100 canvas. `fullBleed` fills the square (maskable, iOS); `ballScale` is the ball's diameter ÷ 100. */
function iconSvg({ fullBleed, ballScale }: { fullBleed: boolean; ballScale: number }): string {
  const radius = fullBleed ? 0 : 22;
  const r = 50 * ballScale;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<rect width="100" height="100" rx="${radius}" fill="${BRAND.themeColor}"/>
<g transform="translate(50 50) scale(${r})">${ball()}</g>
</svg>`;
}

const PNGS = [
  { file: 'icons/icon-192.png', size: 192, fullBleed: false, ballScale: 0.66 },
  { file: 'icons/icon-512.png', size: 512, fullBleed: false, ballScale: 0.66 },
  // Maskable: the platform may crop to a circle of 80 % of the side, so the ball stays inside it.
  { file: 'icons/icon-maskable-512.png', size: 512, fullBleed: true, ballScale: 0.52 },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, fullBleed: true, ballScale: 0.62 },
  // The header's logo (28 CSS px, sharp up to 3×), the favicon's drawing: an SVG in an <img> costs
  // the page a document of its own to lay out (~10 ms of main thread on a phone, at each start).
  { file: 'icons/logo-84.png', size: 84, fullBleed: false, ballScale: 0.7 },
];

async function main() {
  await mkdir(join(PUBLIC_DIR, 'icons'), { recursive: true });
  await writeFile(join(PUBLIC_DIR, 'favicon.svg'), iconSvg({ fullBleed: false, ballScale: 0.7 }) + '\n');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    for (const icon of PNGS) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
      const svg = iconSvg(icon);
      await page.setContent(
        `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`,
      );
      await writeFile(join(PUBLIC_DIR, icon.file), await page.screenshot({ omitBackground: true, type: 'png' }));
      await page.close();
      console.log(`public/${icon.file} (${icon.size}×${icon.size})`);
    }
  } finally {
    await browser.close();
  }
}

await main();
