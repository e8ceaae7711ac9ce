// The three admin e-mail functions (send-custom-email, send-scores-email, quinielazo-reminder):
// refused to a visitor and a player from the caller's JWT, accepted for an admin, and each
// mail reaching exactly the players it should, in Spanish, with a link to /settings.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { db, uniqueEmail } from '../support/clients.ts';
import { waitForMail } from '../support/inbox.ts';
import { createPlayer, type Player } from '../support/players.ts';

const FUNCTIONS = ['send-custom-email', 'send-scores-email', 'quinielazo-reminder'] as const;
const q = (sql: string, params: unknown[] = []) => db().query(sql, params);

async function call(name: string, token: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(`${inject('apiUrl')}/functions/v1/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, apikey: inject('publishableKey'), 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: r.status, body: await r.json() };
}

/** Every mail in a recipient's inbox (the function has returned, so its mails are delivered). */
async function mailbox(email: string): Promise<Array<{ subject: string }>> {
  const box = email.split('@')[0].toLowerCase();
  return (await fetch(`${inject('inboxUrl')}/api/v1/mailbox/${encodeURIComponent(box)}`)).json();
}

/** An open round of `n` matches with a deadline `days` ahead, arranged in the database. */
async function openRound(n: number, days = 3): Promise<{ id: number; matchIds: number[] }> {
  const round = (await q(`insert into public.quinielas (name, week, deadline) values ('Jornada de correo', 48, now() + make_interval(days => $1)) returning id`, [days])).rows[0];
  const ids: number[] = [];
  for (let i = 1; i <= n; i++) {
    ids.push(Number((await q(`insert into public.matches (quiniela_id, match_order, home_team, away_team, home_club_id, away_club_id) values ($1, $2, 'León', 'Atlas', 7, 2) returning id`, [round.id, i])).rows[0].id));
  }
  return { id: Number(round.id), matchIds: ids };
}

async function pick(p: Player, matchIds: number[], result = 'Local') {
  for (const m of matchIds) await q('insert into public.picks (user_id, match_id, result) values ($1, $2, $3)', [p.id, m, result]);
}

let admin: Player;
let player: Player;

beforeAll(async () => {
  admin = await createPlayer({ admin: true });
  player = await createPlayer();
});

describe('admin check', () => {
  const bodies = { 'send-custom-email': { subject: 'Hola', htmlBody: '<p>Hola</p>', recipients: [{ email: 'nadie@example.com' }] }, 'send-scores-email': { quinielaId: 1 }, 'quinielazo-reminder': { quinielaId: 1 } };

  for (const name of FUNCTIONS) {
    it(`${name}: a visitor (publishable key) and a player get 403 'Acceso restringido a administradores.', nothing is sent`, async () => {
      // The app without a session sends the publishable key as bearer too; the gateway makes it an anon JWT.
      const visitor = await call(name, inject('publishableKey'), bodies[name]);
      expect(visitor).toEqual({ status: 403, body: { error: 'Acceso restringido a administradores.' } });
      const asPlayer = await call(name, player.accessToken, bodies[name]);
      expect(asPlayer).toEqual({ status: 403, body: { error: 'Acceso restringido a administradores.' } });
      expect(await mailbox('nadie@example.com')).toEqual([]);
    });

    it(`${name}: without a JWT the platform refuses before the function runs`, async () => {
      const r = await fetch(`${inject('apiUrl')}/functions/v1/${name}`, { method: 'POST', body: '{}' });
      expect(r.status).toBe(401);
    });
  }

  it('answers bad bodies from an admin with a Spanish 400', async () => {
    for (const name of ['send-scores-email', 'quinielazo-reminder']) {
      for (const body of [{}, { quinielaId: 'abc' }, { quinielaId: -3 }, { quinielaId: 1.5 }, 'no es json']) {
        expect(await call(name, admin.accessToken, body)).toEqual({ status: 400, body: { error: 'Ingresa un ID de quiniela válido.' } });
      }
      expect(await call(name, admin.accessToken, { quinielaId: 987654321 })).toEqual({ status: 404, body: { error: 'Quiniela no encontrada.' } });
    }
    const empty = await call('send-custom-email', admin.accessToken, { subject: '', htmlBody: '<p>x</p>', recipients: [{ email: 'a@b.mx' }] });
    expect(empty).toEqual({ status: 400, body: { error: 'Asunto, mensaje y al menos un destinatario son obligatorios.' } });
    const noList = await call('send-custom-email', admin.accessToken, { subject: 'x', htmlBody: '<p>x</p>', recipients: [] });
    expect(noList.status).toBe(400);
    const bad = await call('send-custom-email', admin.accessToken, { subject: 'x', htmlBody: '<p>x</p>', recipients: [{ email: 'sin-arroba' }] });
    expect(bad).toEqual({ status: 400, body: { error: 'Correo inválido: sin-arroba' } });
  });
});

describe('send-custom-email', () => {
  it('replaces {{username}} per recipient (a stranger is "jugador") and answers "Correos enviados: N"', async () => {
    const ana = await createPlayer({ username: `Ana_${Date.now().toString(36)}` });
    const beto = await createPlayer({ username: `Beto<b>_${Date.now().toString(36)}` });
    const stranger = uniqueEmail('desconocido');
    const batchId = randomUUID();
    const r = await call('send-custom-email', admin.accessToken, {
      subject: 'Novedades para {{username}}',
      htmlBody: '<p>¡Hola, {{ username }}!</p><p>Nueva quiniela disponible.</p>',
      recipients: [{ email: ana.email.toUpperCase() }, { email: beto.email }, { email: stranger }, { email: ana.email }],
      batchId,
    });
    expect(r).toEqual({ status: 200, body: { message: 'Correos enviados: 3' } });
    // The send's progress, as the admin's screen reads it (issue 33): closed with its counts,
    // readable by the admin and by no player.
    const progress = await admin.client.from('notification_batches').select('kind, total, sent, failed, finished_at, started_by').eq('id', batchId).single();
    expect(progress.error).toBeNull();
    expect(progress.data).toMatchObject({ kind: 'custom', total: 3, sent: 3, failed: 0, started_by: admin.id });
    expect(progress.data?.finished_at).not.toBeNull();
    expect((await ana.client.from('notification_batches').select('id').eq('id', batchId)).data).toEqual([]);

    const toAna = await waitForMail(ana.email, { subject: 'Novedades para' });
    expect(toAna.subject).toBe(`Novedades para ${ana.username}`);
    expect(toAna.body.html).toContain(`¡Hola, ${ana.username}!`);
    expect(toAna.body.text).toContain(`¡Hola, ${ana.username}!`);
    expect(toAna.body.html).toContain('/settings');
    expect(toAna.body.text).toContain('/settings');
    expect(toAna.body.html).not.toContain('{{');

    const toBeto = await waitForMail(beto.email, { subject: 'Novedades para' });
    expect(toBeto.subject).toBe(`Novedades para ${beto.username}`);
    // A username is text, never markup, inside the HTML body.
    expect(toBeto.body.html).toContain(beto.username.replace('<', '&#60;').replace('>', '&#62;'));
    expect(toBeto.body.html).not.toContain(ana.username);

    const toStranger = await waitForMail(stranger, { subject: 'Novedades para' });
    expect(toStranger.subject).toBe('Novedades para jugador');
    expect(toStranger.body.text).toContain('¡Hola, jugador!');
    // Ana was listed twice (different case) and got one mail.
    expect((await mailbox(ana.email)).filter((m) => m.subject.startsWith('Novedades'))).toHaveLength(1);
  });

  it('puts a username with $& and $` in literally, never pieces of the admin\'s text (issue 13)', async () => {
    const tricky = await createPlayer({ username: `P$&_$\`_${Date.now().toString(36)}` });
    const r = await call('send-custom-email', admin.accessToken, {
      subject: 'Premio para {{username}} hoy',
      htmlBody: '<p>SECRETO-ANTES</p><p>Hola {{username}}, fin.</p>',
      recipients: [{ email: tricky.email }],
    });
    expect(r).toEqual({ status: 200, body: { message: 'Correos enviados: 1' } });
    const mail = await waitForMail(tricky.email, { subject: 'Premio para' });
    expect(mail.subject).toBe(`Premio para ${tricky.username} hoy`);
    expect(mail.body.html).toContain(`<p>Hola ${tricky.username.replace('&', '&#38;')}, fin.</p>`);
    expect(mail.body.text).toContain(`Hola ${tricky.username}, fin.`);
    expect(mail.body.html.split('SECRETO-ANTES')).toHaveLength(2);
  });

  it('also works through supabase-js functions.invoke, as the admin screen calls it', async () => {
    const target = await createPlayer();
    const { data, error } = await admin.client.functions.invoke('send-custom-email', {
      body: { subject: 'Aviso', htmlBody: '<p>{{username}}, revisa la tabla.</p>', recipients: [{ email: target.email }] },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ message: 'Correos enviados: 1' });
    expect((await waitForMail(target.email, { subject: 'Aviso' })).body.text).toContain(`${target.username}, revisa la tabla.`);
  });
});

describe('send-scores-email', () => {
  it('refuses a round without final results', async () => {
    const round = await openRound(2);
    expect(await call('send-scores-email', admin.accessToken, { quinielaId: round.id })).toEqual({ status: 409, body: { error: 'La quiniela aún no tiene resultados finales.' } });
  });

  it('sends each scored player his points, correct picks and bonus lines; nobody else', async () => {
    const round = await openRound(12, 60);
    const good = await createPlayer();
    const poor = await createPlayer();
    const absent = await createPlayer();
    await pick(good, round.matchIds, 'Local');
    await pick(poor, round.matchIds.slice(0, 4), 'Visita');
    await q(`update public.matches set correct_result = case when match_order <= 10 then 'Local' else 'Empate' end where quiniela_id = $1`, [round.id]);
    await q('update public.quinielas set results_saved = true where id = $1', [round.id]);
    const scores = (await q('select user_id, correct, points, bonus_details from public.scores where quiniela_id = $1', [round.id])).rows;
    expect(scores).toHaveLength(2);
    const goodScore = scores.find((s) => s.user_id === good.id);

    const r = await call('send-scores-email', admin.accessToken, { quinielaId: String(round.id) });
    expect(r).toEqual({ status: 200, body: { sentCount: 2 } });

    const mail = await waitForMail(good.email, { subject: 'Tus puntos de Jornada de correo' });
    expect(mail.subject).toBe(`Tus puntos de Jornada de correo: ${goodScore.points}`);
    expect(mail.body.text).toContain(`Puntos: ${goodScore.points}`);
    expect(mail.body.text).toContain('Acertaste 10 de 12 partidos.');
    for (const line of goodScore.bonus_details) expect(mail.body.text).toContain(`- ${line}`);
    expect(goodScore.bonus_details).toContain('Bienvenida: +8');
    expect(mail.body.html).toContain(`${goodScore.points} puntos`);
    expect(mail.body.html).toContain('/settings');

    const poorMail = await waitForMail(poor.email, { subject: 'Tus puntos de Jornada de correo' });
    expect(poorMail.body.text).toContain('Acertaste 0 de 12 partidos.');
    expect(await mailbox(absent.email)).toEqual([]);
  });
});

describe('quinielazo-reminder', () => {
  it('reaches exactly the opted-in players who have not completed the round', async () => {
    const round = await openRound(3);
    const none = await createPlayer(); // opted in, no picks → reminded
    const partial = await createPlayer(); // opted in, 2 of 3 → reminded
    const complete = await createPlayer(); // opted in, 3 of 3 → not reminded
    const optedOut = await createPlayer(); // opted out, no picks → not reminded
    await pick(partial, round.matchIds.slice(0, 2));
    await pick(complete, round.matchIds);
    await q('update public.notification_preferences set remind_quinielazo = false where user_id = $1', [optedOut.id]);

    const expected = (await q('select count(*)::int as n from public.quinielazo_reminder_recipients($1)', [round.id])).rows[0].n;
    const batchId = randomUUID();
    const r = await call('quinielazo-reminder', admin.accessToken, { quinielaId: round.id, batchId });
    expect(r.status).toBe(200);
    const progress = (await q('select kind, quiniela_id, total, sent, finished_at from public.notification_batches where id = $1', [batchId])).rows[0];
    expect(progress).toMatchObject({ kind: 'reminder', quiniela_id: String(round.id), total: expected, sent: Number(r.body.sent) });
    expect(progress.finished_at).not.toBeNull();
    // Every recipient is queued; other test files' players may hold push subscriptions (some
    // failing, retried later), so the split between pushes and e-mails is checked in
    // tests/api/notifications.test.ts; these four have none and must get e-mails.
    expect(r.body.queued).toBe(expected);
    expect(r.body.sent).toBe(Number(r.body.pushes) + Number(r.body.emails));
    expect(Number(r.body.emails)).toBeGreaterThanOrEqual(2);

    const toNone = await waitForMail(none.email, { subject: 'Jornada de correo' });
    expect(toNone.subject).toBe('⏰ No te quedes fuera: Jornada de correo está por cerrar');
    expect(toNone.body.text).toContain('Aún no has hecho tus predicciones.');
    expect(toNone.body.text).toContain('(hora del Centro)');
    expect(toNone.body.text).toContain(`/picks?quiniela=${round.id}`);
    expect(toNone.body.html).toContain('/settings');
    const toPartial = await waitForMail(partial.email, { subject: 'Jornada de correo' });
    expect(toPartial.body.text).toContain('Te falta 1 predicción.');
    expect(await mailbox(complete.email)).toEqual([]);
    expect(await mailbox(optedOut.email)).toEqual([]);
  });

  it('refuses a closed round', async () => {
    const round = await openRound(1);
    await q(`update public.quinielas set deadline = now() - interval '1 hour' where id = $1`, [round.id]);
    expect(await call('quinielazo-reminder', admin.accessToken, { quinielaId: round.id })).toEqual({ status: 409, body: { error: 'La quiniela ya cerró: no hay nada que recordar.' } });
  });
});
