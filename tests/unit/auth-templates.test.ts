// The auth e-mails come from config.toml's [auth.email.template.*] files, the ones `supabase
// config push` sends to the hosted project: each kind the auth server mails has one, and every
// GoTrue variable in it is filled (nothing like "{{ .Token }}" reaches a player).
import { describe, expect, it } from 'vitest';
import { PROJECT_CONFIG_FILE } from '../../supabase/local/config-toml.ts';
import { authMail, loadAuthTemplates, type MailKind } from '../../supabase/local/auth/mails.ts';

const KINDS: MailKind[] = ['signup', 'invite', 'recovery', 'magiclink', 'email_change'];

describe('auth e-mail templates', () => {
  const templates = loadAuthTemplates(PROJECT_CONFIG_FILE);

  it.each(KINDS)('%s: a Spanish subject, the verify link and the code in the HTML and the text, no template left over', (kind) => {
    const link = 'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=x&redirect_to=http%3A%2F%2Flocalhost%3A5173';
    const mail = authMail(templates, kind, 'ana@quinielazo.mx', link, '482913');
    expect(mail.subject).toMatch(/Quinielazo/);
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(mail.html).toContain('<strong>482913</strong>');
    expect(mail.text).toContain(link);
    expect(mail.text).toMatch(/código: 482913/);
    expect(mail.html + mail.text).not.toContain('{{');
    expect(mail.html).toContain('lang="es"');
  });

  it('reauthentication: the code in a Spanish subject and body, no link', () => {
    const mail = authMail(templates, 'reauthentication', 'ana@quinielazo.mx', '', '482913');
    expect(mail.subject).toBe('482913 es tu código de Quinielazo');
    expect(mail.html).toContain('<strong>482913</strong>');
    expect(mail.html).not.toContain('href=');
    expect(mail.html + mail.text + mail.subject).not.toContain('{{');
  });

  it('an e-mail change names both addresses in the mail to each', () => {
    const link = 'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=email_change';
    for (const to of ['ana@quinielazo.mx', 'ana.nueva@correo.mx']) {
      const mail = authMail(templates, 'email_change', to, link, '482913', '', { email: 'ana@quinielazo.mx', newEmail: 'ana.nueva@correo.mx' });
      expect(mail.to).toBe(to);
      expect(mail.text).toContain('de ana@quinielazo.mx a ana.nueva@correo.mx');
    }
  });

  it('escapes what it fills in', () => {
    const mail = authMail(templates, 'signup', 'ana@quinielazo.mx', 'http://x/verify?a="><script>', '1');
    expect(mail.html).not.toContain('"><script>');
  });
});
