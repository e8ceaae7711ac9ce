// The auth e-mails, from the same templates hosted Supabase sends: config.toml's
// [auth.email.template.<type>] (subject, content_path) with GoTrue's Go-template variables.
// Each carries the /auth/v1/verify link ({{ .ConfirmationURL }}) and the six-digit code for
// verifyOtp ({{ .Token }}). GoTrue sends the HTML only; the inbox also gets a plain-text part
// made from it, so a mail reader without HTML still shows the link and the code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configTable, readSupabaseConfig } from '../config-toml.ts';
import type { MailMessage } from '../service.ts';

export type MailKind = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change';

/** GoTrue's mail kinds and the CLI's template names. */
const TEMPLATE_OF: Record<MailKind, string> = {
  signup: 'confirmation',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magic_link',
  email_change: 'email_change',
};

interface Template {
  subject: string;
  html: string;
}

export type AuthTemplates = Record<MailKind, Template>;

/** Every template config.toml names; a missing one is a start-up error, not a mail that never goes. */
export function loadAuthTemplates(supabaseDir: string): AuthTemplates {
  const config = readSupabaseConfig(supabaseDir);
  const projectRoot = join(supabaseDir, '..');
  const out = {} as AuthTemplates;
  for (const [kind, name] of Object.entries(TEMPLATE_OF) as Array<[MailKind, string]>) {
    const table = configTable(config, `auth.email.template.${name}`);
    if (typeof table.subject !== 'string' || typeof table.content_path !== 'string') {
      throw new Error(`supabase/config.toml: [auth.email.template.${name}] needs subject and content_path`);
    }
    out[kind] = { subject: table.subject, html: readFileSync(join(projectRoot, table.content_path), 'utf8') };
  }
  return out;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The Go-template variables GoTrue gives its mail templates, the ones these templates use. */
function render(template: string, vars: Record<string, string>): string {
  return template.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(vars, name) ? escapeHtml(vars[name]!) : whole));
}

function plainText(html: string): string {
  return html
    .replace(/<(head|style|title)[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, '$2: $1')
    .replace(/<\/(p|h\d|div)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function authMail(templates: AuthTemplates, kind: MailKind, to: string, link: string, code: string, siteUrl = ''): MailMessage {
  const { subject, html } = templates[kind];
  const body = render(html, { ConfirmationURL: link, Token: code, Email: to, SiteURL: siteUrl });
  return { to, subject, html: body, text: plainText(body) };
}
