import { describe, expect, it, inject } from 'vitest';
import { sendMail } from '../../supabase/local/mail/send.ts';
import { firstLink, waitForMail } from '../support/inbox.ts';
import { uniqueEmail } from '../support/clients.ts';

const smtpPort = () => inject('smtpPort');

describe('local inbox', () => {
  it('catches a mail sent over SMTP and serves it, accents and link intact, on the JSON API', async () => {
    const to = uniqueEmail('buzon');
    await sendMail({ host: '127.0.0.1', port: smtpPort() }, {
      to,
      subject: 'Tu quiniela está lista: ¡juega ya!',
      html: '<p>Hola <b>Jugador</b>, ve a <a href="http://localhost:5173/picks?quiniela=current&amp;x=1">tus picks</a> — ¿listo?</p>',
      text: 'Hola Jugador, ve a http://localhost:5173/picks?quiniela=current&x=1',
    });
    const mail = await waitForMail(to, { subject: 'quiniela' });
    expect(mail.subject).toBe('Tu quiniela está lista: ¡juega ya!');
    expect(mail.body.html).toContain('— ¿listo?');
    expect(mail.body.text).toContain('Hola Jugador');
    expect(firstLink(mail)).toBe('http://localhost:5173/picks?quiniela=current&x=1');
  });

  it('files mails by recipient and empties a mailbox on DELETE', async () => {
    const a = uniqueEmail('a');
    const b = uniqueEmail('b');
    await sendMail({ host: '127.0.0.1', port: smtpPort() }, { to: a, subject: 'para A', html: '<p>A</p>', text: 'A' });
    await sendMail({ host: '127.0.0.1', port: smtpPort() }, { to: b, subject: 'para B', html: '<p>B</p>', text: 'B' });
    await waitForMail(b);
    const boxA = a.split('@')[0];
    const listA = await (await fetch(`${inject('inboxUrl')}/api/v1/mailbox/${boxA}`)).json();
    expect(listA.map((m: { subject: string }) => m.subject)).toEqual(['para A']);
    await fetch(`${inject('inboxUrl')}/api/v1/mailbox/${boxA}`, { method: 'DELETE' });
    expect(await (await fetch(`${inject('inboxUrl')}/api/v1/mailbox/${boxA}`)).json()).toEqual([]);
  });

  it('shows the inbox as a web page', async () => {
    // Its own mail, with markup in the subject that the page must show as text.
    const to = uniqueEmail('pagina');
    const subject = `Página <b>${to.split('@')[0]}</b>`;
    await sendMail({ host: '127.0.0.1', port: smtpPort() }, { to, subject, html: '<p>C</p>', text: 'C' });
    await waitForMail(to);
    const r = await fetch(`${inject('inboxUrl')}/`);
    expect(r.headers.get('content-type')).toContain('text/html');
    const page = await r.text();
    expect(page).toContain(`Página &#60;b&#62;${to.split("@")[0]}&#60;/b&#62;`);
    expect(page).not.toContain(subject);
  });
});
