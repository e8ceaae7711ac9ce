// A double tap in one instant: the form is submitted twice before the page can re-render (the
// strictest case of a fast finger, where a `disabled` button or a state flag is not yet seen).
import type { Locator, Page } from '@playwright/test';

export async function doubleSubmit(form: Locator): Promise<void> {
  await form.evaluate((element: HTMLFormElement) => {
    element.requestSubmit();
    element.requestSubmit();
  });
}

/** The URLs of the `method` requests the page sends from now on whose URL contains `part`. */
export function requestsTo(page: Page, method: string, part: string): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === method && request.url().includes(part)) sent.push(request.url());
  });
  return sent;
}
