// Calibrated phones (issue 46): the host's speed by Lighthouse's own benchmark, and the CPU
// slowdown that turns this host into a phone of a given benchmark index. Chrome DevTools'
// calibration defines the two phones: mid-tier = index 1,000 (a Pixel 5 class phone), low-tier
// = 264 (a Moto G Power 2022 class). A fixed 4× slowdown emulates a phone of index/4, which
// moves with the host (1,000–3,350 on this machine within a day); the calibrated multiplier
// (index / phone's index) emulates the same phone on any host.
import { chromium, type Browser } from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

export const PHONES = {
  mid: { name: 'mid-tier', index: 1000 },
  low: { name: 'low-tier', index: 264 },
} as const;
export type Phone = keyof typeof PHONES;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Lighthouse's benchmarkIndex of this host now (the function Lighthouse runs in the page before
 * each audit), the median of `samples` measurements (each takes ~1 s). */
export async function hostBenchmarkIndex(samples = 3, browser?: Browser): Promise<number> {
  const own = browser ?? (await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] }));
  try {
    const page = await own.newPage();
    const source = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
    const values: number[] = [];
    for (let i = 0; i < samples; i++) values.push(await page.evaluate(source));
    await page.close();
    return values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  } finally {
    if (!browser) await own.close();
  }
}

/** The CPU slowdown that makes a host of `hostIndex` the given phone (never below 1). */
export function multiplierFor(hostIndex: number, phone: Phone): number {
  return Math.max(1, hostIndex / PHONES[phone].index);
}

/** Applies a phone's slowdown to a Playwright page (Chrome's CPU throttling), for the figures
 * measured in a real browser rather than simulated by Lighthouse (the tap's INP). */
export async function throttlePage(page: import('@playwright/test').Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}
