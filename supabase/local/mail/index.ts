// The local inbox (the Supabase CLI's Inbucket role): catches every mail the product sends
// over SMTP and shows it on a web page and an Inbucket-style JSON API.
import { createServer, type Server } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { listenLocal } from '../listen.ts';
import { parseMail, type ParsedMail } from './mime.ts';
import { renderInbox, renderMessage } from './inbox-page.ts';
import { closeMailTransports } from './send.ts';

export interface StoredMail extends ParsedMail {
  id: string;
  date: string;
  size: number;
  /** Mailbox names (local part of each recipient, lowercased), as Inbucket files them. */
  mailboxes: string[];
}

export interface RunningMail {
  messages: StoredMail[];
  close(): Promise<void>;
}

const MAX_MESSAGES = 2000;

export async function startMail(opts: { smtpPort: number; inboxPort: number; log?: (m: string) => void }): Promise<RunningMail> {
  const log = opts.log ?? (() => {});
  const messages: StoredMail[] = [];
  let seq = 0;
  // A test hook (POST/DELETE /__local/hold): while held, a mail's DATA is read but not yet
  // acknowledged, as a slow provider would; released, each is stored and acknowledged.
  let held: Array<() => void> | null = null;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Shutdown waits this long for clients still connected (senders keep pooled connections open).
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = parseMail(raw);
        const rcpts = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const mail: StoredMail = {
          ...parsed,
          to: rcpts.length ? rcpts : parsed.to,
          id: String(++seq).padStart(6, '0'),
          date: new Date().toISOString(),
          size: raw.length,
          mailboxes: (rcpts.length ? rcpts : parsed.to).map((a) => mailboxOf(a)),
        };
        const store = () => {
          messages.push(mail);
          if (messages.length > MAX_MESSAGES) messages.shift();
          log(`mail ${mail.id} to ${mail.to.join(', ')}: ${mail.subject}`);
          callback();
        };
        if (held) held.push(store);
        else store();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(opts.smtpPort, '127.0.0.1', () => resolve());
  });

  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://inbox');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/__local/hold' && req.method === 'POST') {
      held ??= [];
      return json(200, { held: true });
    }
    if (url.pathname === '/__local/hold' && req.method === 'DELETE') {
      const waiting = held ?? [];
      held = null;
      for (const store of waiting) store();
      return json(200, { released: waiting.length });
    }
    const m = /^\/api\/v1\/mailbox\/([^/]+)(?:\/([^/]+))?$/.exec(url.pathname);
    if (m) {
      const box = decodeURIComponent(m[1]).toLowerCase();
      const inBox = messages.filter((x) => x.mailboxes.includes(box));
      if (req.method === 'DELETE' && !m[2]) {
        for (const x of inBox) messages.splice(messages.indexOf(x), 1);
        return json(200, 'OK');
      }
      if (!m[2]) return json(200, inBox.map(summary));
      const found = inBox.find((x) => x.id === m[2]);
      if (!found) return json(404, { error: 'message not found' });
      return json(200, { ...summary(found), body: { text: found.text, html: found.html }, header: found.headers });
    }
    if (url.pathname === '/api/v1/messages') return json(200, messages.map(summary).reverse());
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    const id = url.searchParams.get('id');
    const selected = id ? messages.find((x) => x.id === id) : undefined;
    res.end(selected ? renderMessage(selected) : renderInbox([...messages].reverse()));
  });
  await listenLocal(http, opts.inboxPort);

  return {
    messages,
    close: async () => {
      for (const store of held ?? []) store();
      held = null;
      closeMailTransports();
      await new Promise<void>((r) => smtp.close(() => r()));
      http.closeAllConnections();
      await new Promise<void>((r) => http.close(() => r()));
    },
  };
}

function mailboxOf(address: string): string {
  const bare = /<([^>]+)>/.exec(address)?.[1] ?? address;
  return bare.split('@')[0].toLowerCase();
}

function summary(m: StoredMail) {
  return { id: m.id, mailbox: m.mailboxes[0], from: m.from, to: m.to, subject: m.subject, date: m.date, size: m.size };
}
