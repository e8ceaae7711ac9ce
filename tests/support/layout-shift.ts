// What moves on screen while a page loads: the layout shifts the browser reports (the figure
// Lighthouse adds up as CLS), and a way to hold a page's reads until its loading state was seen.
import type { Page } from '@playwright/test';

/** Records every layout shift of the pages `page` loads from now on. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = ((window as unknown as { shifts: number[] }).shifts = []);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The sum of the current page's layout shifts so far. */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
}

/** Holds the page's requests to `url` until the returned function is called; the real server
 * answers them then. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
