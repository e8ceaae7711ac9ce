// The welcome e-mail (spec §7 send-welcome-email, issue 9): a player who signs up and confirms
// gets exactly one, in Spanish, with the link to this week's round and his invitation link.
// It is queued with the profile (same transaction) and sent by dispatch-notifications, so a
// dispatcher that died halfway loses nothing and a second run sends nothing more.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { anonClient, db, uniqueEmail } from '../support/clients.ts';
import { firstLink, waitForMail, type InboxMail } from '../support/inbox.ts';
import { createPlayer, uniqueUsername } from '../support/players.ts';

const WELCOME = '¡Bienvenido a Quinielazo!';

async function dispatch(): Promise<number> {
  const r = await fetch(`${inject('apiUrl')}/functions/v1/dispatch-notifications`, {
    method: 'POST',
    headers: { apikey: inject('secretKey'), 'content-type': 'application/json' },
    body: '{}',
  });
  await r.body?.cancel();
  return r.status;
}

/** The welcome mails in the player's mailbox, read as a person would list them. */
async function welcomes(email: string): Promise<number> {
  const list: Array<{ subject: string }> = await (await fetch(`${inject('inboxUrl')}/api/v1/mailbox/${encodeURIComponent(email.split('@')[0])}`)).json();
  return list.filter((m) => m.subject.includes(WELCOME)).length;
}

const welcomeRows = async (userId: string) =>
  (await db().query(`select state, channel, attempts from public.notification_outbox where user_id = $1 and kind = 'welcome'`, [userId])).rows;

afterAll(async () => {
  await db().end();
});

describe('the welcome e-mail', () => {
  it('reaches a new player once, in Spanish, with this week\'s round and his invitation link; a second run sends nothing', async () => {
    // This week's round for him: a round of this test, open for a few minutes more.
    const name = `Jornada bienvenida ${Date.now().toString(36)}`;
    await db().query(`insert into public.quinielas (name, week, deadline) values ($1, 48, now() + interval '5 minutes')`, [name]);

    const email = uniqueEmail('bienvenida');
    const username = uniqueUsername('bienv');
    const { error } = await anonClient().auth.signUp({ email, password: 'golazo2024', options: { data: { username } } });
    expect(error).toBeNull();
    const confirm = await fetch(firstLink(await waitForMail(email, { subject: 'Confirma tu cuenta de Quinielazo' })), { redirect: 'manual' });
    expect(confirm.status).toBe(303);

    // The round open when the profile was made, soonest deadline first (rounds other tests add
    // later do not count); and his own code.
    const { rows } = await db().query(
      `select p.id, p.referral_code, r.id as round_id, r.name as round_name
       from public.profiles p
       cross join lateral (
         select q.id, q.name from public.quinielas q
         where q.deadline > p.created_at and q.created_at <= p.created_at and not q.results_saved
         order by q.deadline, q.id limit 1) r
       where p.email = $1`,
      [email],
    );
    const me = rows[0];
    expect(me).toBeDefined();
    // Queued with the profile, before any dispatcher ran.
    expect(await welcomeRows(me.id)).toEqual([{ state: 'pending', channel: 'email', attempts: 0 }]);

    expect(await dispatch()).toBe(200);
    const mail: InboxMail & { header?: Record<string, string> } = await waitForMail(email, { subject: WELCOME });
    expect(mail.subject).toBe(`⚽ ${WELCOME}`);
    expect(mail.body.text).toContain(`¡Hola, ${username}!`);
    expect(mail.body.text).toContain(`La quiniela de esta semana, ${me.round_name}, ya te espera`);
    expect(firstLink(mail)).toMatch(new RegExp(`^https?://[^/]+/quinielazo-de-la-semana\\?quiniela=${me.round_id}$`));
    expect(mail.body.text).toContain('(hora del Centro)');
    expect(mail.body.html).toMatch(new RegExp(`href="https?://[^/"]+/signup\\?ref=${me.referral_code}"`));
    expect(mail.body.text).toMatch(/ganas \+\d+ puntos por cada amigo que juegue \(hasta \d+ al mes\)/);
    expect(mail.header?.['message-id']).toMatch(/^<aviso-\d+@quinielazo\.mx>$/);
    expect(await welcomeRows(me.id)).toEqual([{ state: 'sent', channel: 'email', attempts: 1 }]);

    // Another run (and another) sends nothing more.
    expect(await dispatch()).toBe(200);
    expect(await dispatch()).toBe(200);
    expect(await welcomes(email)).toBe(1);
    expect(await welcomeRows(me.id)).toEqual([{ state: 'sent', channel: 'email', attempts: 1 }]);
  });

  it('is queued in the transaction that creates the profile: a rolled-back confirmation queues nothing', async () => {
    const client = await db().connect();
    const email = uniqueEmail('deshecha');
    try {
      await client.query('begin');
      const { rows } = await client.query(
        `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data)
         values (gen_random_uuid(), 'authenticated', 'authenticated', $1, now(), jsonb_build_object('username', $2::text)) returning id`,
        [email, uniqueUsername('desh')],
      );
      const inside = await client.query(`select count(*)::int as n from public.notification_outbox where user_id = $1 and kind = 'welcome'`, [rows[0].id]);
      expect(inside.rows[0].n).toBe(1);
      await client.query('rollback');
      expect((await db().query(`select count(*)::int as n from public.profiles where email = $1`, [email])).rows[0].n).toBe(0);
      expect(await welcomeRows(rows[0].id)).toEqual([]);
    } finally {
      client.release();
    }
  });

  it('survives a dispatcher that died after claiming it: sent once by a later run', async () => {
    const p = await createPlayer();
    const { rows } = await db().query(`select id from public.notification_outbox where user_id = $1 and kind = 'welcome'`, [p.id]);
    expect(rows).toHaveLength(1);
    // A dispatcher claims it and dies before sending (the row is left 'sending')…
    await db().query('select * from public.claim_notifications(1, $1::bigint[])', [[rows[0].id]]);
    expect(await welcomeRows(p.id)).toEqual([{ state: 'sending', channel: 'email', attempts: 1 }]);
    expect(await dispatch()).toBe(200);
    expect(await welcomes(p.email)).toBe(0);
    // …and ten minutes later (moved back, not waited for) the next run sends it, once.
    await db().query(`update public.notification_outbox set next_attempt_at = now() - interval '11 minutes' where id = $1`, [rows[0].id]);
    expect(await dispatch()).toBe(200);
    await waitForMail(p.email, { subject: WELCOME });
    expect(await dispatch()).toBe(200);
    expect(await welcomes(p.email)).toBe(1);
    expect(await welcomeRows(p.id)).toEqual([{ state: 'sent', channel: 'email', attempts: 2 }]);
  });

  it('confirming the address again queues no second welcome', async () => {
    const p = await createPlayer();
    // Confirming again (the chain skips a player who has a profile) queues nothing new.
    await db().query(`update auth.users set email_confirmed_at = null where id = $1`, [p.id]);
    await db().query(`update auth.users set email_confirmed_at = now() where id = $1`, [p.id]);
    expect((await db().query(`select count(*)::int as n from public.notification_outbox where user_id = $1 and kind = 'welcome'`, [p.id])).rows[0].n).toBe(1);
  });
});
