// Reads mails from the local inbox's Inbucket-style API, as a person would open them.
import { inject } from 'vitest';

export interface InboxMail {
  id: string;
  subject: string;
  to: string[];
  from: string;
  date: string;
  body: { text: string; html: string };
}

export async function waitForMail(email: string, opts: { subject?: string | RegExp; timeoutMs?: number; inboxUrl?: string } = {}): Promise<InboxMail> {
  const inbox = opts.inboxUrl ?? inject('inboxUrl');
  const box = email.split('@')[0].toLowerCase();
  // A safety net, not a bound: a loaded machine delivers late, never wrongly.
  const until = Date.now() + (opts.timeoutMs ?? 30_000);
  while (Date.now() < until) {
    const list: Array<{ id: string; subject: string; to: string[] }> = await (await fetch(`${inbox}/api/v1/mailbox/${encodeURIComponent(box)}`)).json();
    const hit = [...list]
      .reverse()
      .find((m) => m.to.some((t) => t.toLowerCase() === email.toLowerCase()) && (!opts.subject || (typeof opts.subject === 'string' ? m.subject.includes(opts.subject) : opts.subject.test(m.subject))));
    if (hit) return (await fetch(`${inbox}/api/v1/mailbox/${encodeURIComponent(box)}/${hit.id}`)).json();
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail for ${email}${opts.subject ? ` with subject ${opts.subject}` : ''} within the timeout`);
}

/** The first http(s) link in the mail's HTML (falls back to the text part). */
export function firstLink(mail: InboxMail): string {
  const fromHtml = /href="(https?:\/\/[^"]+)"/.exec(mail.body.html)?.[1];
  const link = fromHtml?.replace(/&amp;/g, '&') ?? /(https?:\/\/\S+)/.exec(mail.body.text)?.[1];
  if (!link) throw new Error(`no link in mail "${mail.subject}"`);
  return link;
}
