// Reads the local inbox (the Inbucket-style API of the platform the E2E setup started) the way
// a person opens a mail: the newest one whose subject matches, and the link in it.
import { expect } from '@playwright/test';

export interface InboxMail {
  id: string;
  subject: string;
  to: string[];
  body: { text: string; html: string };
}

/** The newest mail to `address` whose subject matches (a string matches exactly), once it has arrived. */
export async function newestMail(address: string, subject: string | RegExp): Promise<InboxMail> {
  const inbox = process.env.INBOX_URL;
  if (!inbox) throw new Error('INBOX_URL missing: run through playwright.config.ts');
  const box = encodeURIComponent(address.split('@')[0]);
  const matches = (s: string) => (typeof subject === 'string' ? s === subject : subject.test(s));
  let mail: InboxMail | undefined;
  await expect
    .poll(
      async () => {
        const list: Array<{ id: string; subject: string }> = await (await fetch(`${inbox}/api/v1/mailbox/${box}`)).json();
        const hit = [...list].reverse().find((m) => matches(m.subject));
        if (hit) mail = await (await fetch(`${inbox}/api/v1/mailbox/${box}/${hit.id}`)).json();
        return mail !== undefined;
      },
      { message: `a mail "${subject}" to ${address}` },
    )
    .toBe(true);
  return mail!;
}

/** The first link of the newest matching mail, as a person clicks it. */
export async function mailLink(address: string, subject: string | RegExp): Promise<string> {
  const mail = await newestMail(address, subject);
  const link = /href="(https?:\/\/[^"]+)"/.exec(mail.body.html)?.[1]?.replace(/&amp;/g, '&');
  if (!link) throw new Error(`no link in mail "${mail.subject}"`);
  return link;
}
