// Draws the preview image of a liga's invitation link (the og:image of /liga/<code>,
// scripts/liga-preview.ts): 1200×630, the size WhatsApp and other apps show large. Drawn as HTML
// by Debian's Chromium through playwright-core, as scripts/icons.ts draws the icons.
// Run: npx tsx scripts/og-image.ts   → public/og/liga.png
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { BRAND } from '../src/lib/brand.ts';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'og', 'liga.png');

const html = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px;background:${BRAND.themeColor};color:white;font-family:sans-serif;display:flex;flex-direction:column;justify-content:space-between">
  <div style="font-size:40px;font-weight:700;opacity:.85">${BRAND.name}</div>
  <div>
    <div style="font-size:88px;font-weight:800;line-height:1.05">Te invitaron<br>a una liga</div>
    <div style="margin-top:28px;font-size:40px;opacity:.9">La quiniela de la semana con tu grupo, en su propia tabla.</div>
  </div>
  <div style="font-size:34px;font-weight:700;background:white;color:${BRAND.themeColor};align-self:flex-start;padding:18px 36px;border-radius:999px">Únete gratis</div>
</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(html);
  await mkdir(dirname(OUT), { recursive: true });
  await page.screenshot({ path: OUT, type: 'png' });
} finally {
  await browser.close();
}
console.log(`Escrito ${OUT}`);
