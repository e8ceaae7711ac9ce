// The auth e-mails, from the same templates hosted Supabase sends: config.toml's
// [auth.email.template.<type>] (subject, content_path) with GoTrue's Go-template variables.
// Each carries the /auth/v1/verify link ({{ .ConfirmationURL }}) and the six-digit code for
// verifyOtp ({{ .Token }}). GoTrue sends the HTML only; the inbox also gets a plain-text part
// made from it, so a mail reader without HTML still shows the link and the code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configTable, projectRootOf, readSupabaseConfig } from '../config-toml.ts';
import type { MailMessage } from '../service.ts';

export type MailKind = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change' | 'reauthentication';

/** GoTrue's mail kinds and the CLI's template names. */
const TEMPLATE_OF: Record<MailKind, string> = {
  signup: 'confirmation',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magic_link',
  email_change: 'email_change',
  reauthentication: 'reauthentication',
};

interface Template {
  subject: string;
  html: string;
}

export type AuthTemplates = Record<MailKind, Template>;

/**
 * GoTrue's own templates (internal/mailer/templatemailer), for a kind config.toml has no
 * [auth.email.template.<type>] for, as the CLI and hosted Supabase fall back to them.
 */
const GOTRUE_DEFAULTS: Record<MailKind, Template> = {
  signup: {
    subject: 'Confirm your email address',
    html: '<h2>Confirm your email address</h2>\n\n<p>Follow the link below to confirm this email address and finish signing up.</p>\n<p><a href="{{ .ConfirmationURL }}">Confirm email address</a></p>\n',
  },
  invite: {
    subject: "You've been invited",
    html: '<h2>You\'ve been invited</h2>\n\n<p>You\'ve been invited to create an account. Follow the link below to accept.</p>\n<p><a href="{{ .ConfirmationURL }}">Accept invitation</a></p>',
  },
  recovery: {
    subject: 'Reset your password',
    html: '<h2>Reset your password</h2>\n\n<p>We received a request to reset your password. Follow the link below to choose a new one.</p>\n<p><a href="{{ .ConfirmationURL }}">Reset password</a></p>\n<p>If you didn\'t request this, you can safely ignore this email.</p>',
  },
  magiclink: {
    subject: 'Your sign-in link',
    html: '<h2>Your sign-in link</h2>\n\n<p>Follow the link below to sign in. This link expires shortly and can only be used once.</p>\n<p><a href="{{ .ConfirmationURL }}">Sign in</a></p>',
  },
  email_change: {
    subject: 'Confirm your new email address',
    html: '<h2>Confirm your new email address</h2>\n\n<p>Follow the link below to confirm {{ .NewEmail }} as your new email address.</p>\n<p><a href="{{ .ConfirmationURL }}">Confirm new email address</a></p>\n<p>If you didn\'t request this change, you can safely ignore this email.</p>',
  },
  reauthentication: {
    subject: '{{ .Token }} is your verification code',
    html: '<h2>Your verification code</h2>\n\n<p>Use the code below to verify your identity. It expires shortly.</p>\n<p>{{ .Token }}</p>',
  },
};

/**
 * The templates a config.toml names (content_path relative to the project root, as the CLI
 * reads it); GoTrue's own for a kind it leaves out. A section without subject or content_path,
 * or a file that is missing, is a start-up error, not a mail that never goes.
 */
export function loadAuthTemplates(configFile: string): AuthTemplates {
  const config = readSupabaseConfig(configFile);
  const projectRoot = projectRootOf(configFile);
  const out = {} as AuthTemplates;
  for (const [kind, name] of Object.entries(TEMPLATE_OF) as Array<[MailKind, string]>) {
    const table = configTable(config, `auth.email.template.${name}`);
    if (Object.keys(table).length === 0) {
      out[kind] = GOTRUE_DEFAULTS[kind];
      continue;
    }
    if (typeof table.subject !== 'string' || typeof table.content_path !== 'string') {
      throw new Error(`${configFile}: [auth.email.template.${name}] needs subject and content_path`);
    }
    out[kind] = { subject: table.subject, html: readFileSync(join(projectRoot, table.content_path), 'utf8') };
  }
  return out;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The Go-template variables GoTrue gives its mail templates, the ones these templates use. */
function render(template: string, vars: Record<string, string>, escape: (s: string) => string = escapeHtml): string {
  return template.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(vars, name) ? escape(vars[name]!) : whole));
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

/**
 * One auth mail. GoTrue renders the subject as a template too (its reauthentication subject is
 * "{{ .Token }} is your verification code"). An e-mail change's two mails say both addresses:
 * `Email` is the account's current one, `NewEmail` the one asked for, `SendingTo` this mail's.
 */
export function authMail(
  templates: AuthTemplates,
  kind: MailKind,
  to: string,
  link: string,
  code: string,
  siteUrl = '',
  change?: { email: string; newEmail: string },
): MailMessage {
  const { subject, html } = templates[kind];
  const vars = { ConfirmationURL: link, Token: code, Email: change?.email ?? to, NewEmail: change?.newEmail ?? to, SendingTo: to, SiteURL: siteUrl };
  const body = render(html, vars);
  return { to, subject: render(subject, vars, (s) => s), html: body, text: plainText(body) };
}
