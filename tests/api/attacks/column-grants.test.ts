// Attack: writing columns that belong to the server (issue 13). Today a chosen id took the next
// value of a sequence (other players' chat messages, referral clicks and activity then failed
// with 409) and picks and chat took forged timestamps. Clients now write only the columns
// granted per role (the grants of each table in supabase/schemas/).
//
// Two sides: the catalog (every public table, listed live from pg_class) grants exactly the
// columns below and never a whole table; and through supabase-js, each table's allowed write
// works while the same write with a forged id / created_at / updated_at / server column is
// refused with permission denied (PostgREST 401 for visitors, 403 for players and admins).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db, type Client } from '../../support/clients.ts';
import { createPlayer, type Player } from '../../support/players.ts';

type Row = Record<string, unknown>;
const q = async (sql: string, params: unknown[] = []) => (await db().query(sql, params)).rows;
const one = async (sql: string, params: unknown[] = []) => (await q(sql, params))[0];
const referralCode = async (p: Player) => (await one('select referral_code from public.profiles where id = $1', [p.id])).referral_code as string;

/** The columns each client role may write, per table: `authenticated` insert / update, `anon` insert. */
const WRITABLE: Record<string, { insert?: string; update?: string; anonInsert?: string }> = {
  activity_logs: { insert: 'event_key event_name json user_id' },
  admins: { insert: 'id' },
  blog_posts: {
    insert: 'banner_url body_html category excerpt published_at slug title',
    update: 'banner_url body_html category excerpt published_at slug title',
  },
  chat_messages: { insert: 'league_id message quiniela_id user_id' },
  // An admin links a club to the football feed's team (match day).
  clubs: { insert: 'league logo_url name provider_team_id short_name', update: 'league logo_url name provider_team_id short_name' },
  daily_game_picks: { insert: 'answer daily_game_id user_id', update: 'answer daily_game_id user_id' },
  daily_games: {
    insert: 'correct_answer game_date game_type lock_date metadata points question',
    update: 'correct_answer game_date game_type lock_date metadata points question',
  },
  daily_scores: { insert: 'daily_game_id points user_id', update: 'points' },
  friends: { insert: 'friend_id user_id' },
  // Ligas: the owner edits name and prize line; codes, owners and memberships only by the league functions.
  league_members: {},
  league_reminders: {},
  leagues: { update: 'name prize_note' },
  // The feed's live scores and state: written only by the poller (service role).
  live_feed: {},
  match_live: {},
  matches: {
    insert: 'away_club_id away_team correct_result home_club_id home_team kickoff_at match_order provider_fixture_id quiniela_id special_bonus_points underdog_bonus_points underdog_bonus_side',
    update: 'away_club_id away_team correct_result home_club_id home_team kickoff_at match_order provider_fixture_id special_bonus_points underdog_bonus_points underdog_bonus_side',
  },
  monthly_standings: {},
  notification_preferences: {
    insert: 'goal_alerts new_blog new_quinielazo news_updates points_ready remind_boost remind_quinielazo user_id',
    update: 'goal_alerts new_blog new_quinielazo news_updates points_ready remind_boost remind_quinielazo user_id',
  },
  paid_entries: { insert: 'label quiniela_id user_id', update: 'label' },
  // Pro's money tables: written only by definer functions (start_pro_checkout, record_pro_payment).
  payments: {},
  pro_checkouts: {},
  pro_packs: {},
  // Fixed at finalization by a trigger only.
  pro_payouts: {},
  pro_round_closings: {},
  paid_picks: { insert: 'match_id paid_entry_id quiniela_id result', update: 'match_id paid_entry_id quiniela_id result' },
  picks: { insert: 'match_id quiniela_id result user_id', update: 'match_id quiniela_id result user_id' },
  poll_votes: { insert: 'option poll_id text_answer user_id' },
  polls: { insert: 'allow_text is_active kind options question', update: 'allow_text is_active kind options question' },
  // The rules change only by migration (rules_by_month): no client column at all.
  prizes: {},
  profiles: { update: 'favorite_club_id newsletter_opt_in username' },
  quinielas: { insert: 'deadline finalize_hold is_last_of_month name results_saved week', update: 'deadline finalize_hold is_last_of_month name results_saved week' },
  rank_history: {},
  // The round's public correction log: written by the database's own triggers.
  result_corrections: {},
  rank_snapshots: { insert: 'month rank_daily rank_total rank_weekly user_id year', update: 'rank_daily rank_total rank_weekly' },
  // Written by the admin functions (service role) only.
  notification_batches: {},
  round_finalizations: {},
  notification_outbox: {},
  push_subscriptions: { insert: 'auth endpoint p256dh user_agent user_id' },
  round_seal_salts: {},
  round_seals: {},
  referral_clicks: { insert: 'referral_code user_agent visitor_id', anonInsert: 'referral_code user_agent visitor_id' },
  referral_tracking: { insert: 'awarded_points month_awarded referral_used referred_id referrer_id', update: 'awarded_points month_awarded referral_used' },
  // bonus_details and referral_points are generated from bonuses.
  scores: { insert: 'bonuses correct points quiniela_id user_id', update: 'bonuses correct points' },
  scoring_bonuses: {},
  scoring_points: {},
  standings_histogram: {},
};

let player: Player;
let admin: Player;
const visitor = () => anonClient();

beforeAll(async () => {
  [player, admin] = await Promise.all([createPlayer(), createPlayer({ admin: true })]);
});

afterAll(async () => {
  await db().end();
});

async function openRound(): Promise<{ quiniela_id: number; match_ids: number[] }> {
  const round = await one(`insert into public.quinielas (name, week, deadline) values ('Columnas', 1, now() + interval '1 day') returning id`);
  const matches = await q(
    `insert into public.matches (quiniela_id, match_order, home_team, away_team) values ($1, 1, 'León', 'Atlas'), ($1, 2, 'Santos', 'Necaxa') returning id`,
    [round.id],
  );
  return { quiniela_id: Number(round.id), match_ids: matches.map((m) => Number(m.id)) };
}

async function boostGame(): Promise<number> {
  const game = await one(
    `insert into public.daily_games (game_date, lock_date, game_type, question)
     values ((now() at time zone 'America/Mexico_City')::date + 1, now() + interval '1 hour', 'yesno', '¿Gana el local?') returning id`,
  );
  return Number(game.id);
}

/** A value one past the table's sequence: what an attacker picks to make the next insert collide. */
async function nextId(table: string): Promise<number> {
  const { n } = await one(`select coalesce(max(id), 0) + 1 as n from public.${table}`);
  return Number(n);
}

const FORGED_AT = '2001-01-01T00:00:00+00:00';

interface InsertCase {
  actor: () => Client;
  status: 401 | 403;
  row: () => Promise<Row>;
  forged: (row: Row) => Promise<Row>;
}

const INSERTS: Record<string, InsertCase> = {
  chat_messages: {
    actor: () => player.client,
    status: 403,
    row: async () => ({ quiniela_id: (await openRound()).quiniela_id, user_id: player.id, message: '¡Vamos!' }),
    forged: async () => ({ id: await nextId('chat_messages'), created_at: FORGED_AT }),
  },
  referral_clicks: {
    actor: visitor,
    status: 401,
    row: async () => ({ referral_code: await referralCode(player), visitor_id: randomUUID(), user_agent: 'vitest' }),
    forged: async () => ({ id: await nextId('referral_clicks'), created_at: FORGED_AT }),
  },
  activity_logs: {
    actor: () => player.client,
    status: 403,
    row: async () => ({ user_id: player.id, event_name: 'page_view' }),
    forged: async () => ({ id: await nextId('activity_logs'), created_at: FORGED_AT }),
  },
  picks: {
    actor: () => player.client,
    status: 403,
    row: async () => {
      const r = await openRound();
      return { user_id: player.id, match_id: r.match_ids[0], quiniela_id: r.quiniela_id, result: 'Local' };
    },
    forged: async () => ({ created_at: FORGED_AT, updated_at: FORGED_AT }),
  },
  daily_game_picks: {
    actor: () => player.client,
    status: 403,
    row: async () => ({ user_id: player.id, daily_game_id: await boostGame(), answer: 'Sí' }),
    forged: async () => ({ created_at: FORGED_AT, updated_at: FORGED_AT }),
  },
  poll_votes: {
    actor: () => player.client,
    status: 403,
    row: async () => {
      const poll = await one(`insert into public.polls (question, options, is_active) values ('¿Quién gana?', '{Sí,No}', true) returning id`);
      return { poll_id: Number(poll.id), user_id: player.id, option: 'Sí' };
    },
    forged: async () => ({ id: await nextId('poll_votes'), created_at: FORGED_AT }),
  },
  admins: {
    actor: () => admin.client,
    status: 403,
    row: async () => ({ id: (await createPlayer()).id }),
    forged: async () => ({ created_at: FORGED_AT }),
  },
  clubs: {
    actor: () => admin.client,
    status: 403,
    row: async () => ({ name: 'Club Columnas', league: 'MLS' }),
    forged: async () => ({ id: await nextId('clubs') }),
  },
  quinielas: {
    actor: () => admin.client,
    status: 403,
    row: async () => ({ name: 'Jornada columnas', week: 3, deadline: new Date(Date.now() + 86_400_000).toISOString() }),
    forged: async () => ({ id: await nextId('quinielas'), created_at: FORGED_AT }),
  },
  matches: {
    actor: () => admin.client,
    status: 403,
    row: async () => ({ quiniela_id: (await openRound()).quiniela_id, match_order: 3, home_team: 'Toluca', away_team: 'Puebla' }),
    forged: async () => ({ id: await nextId('matches') }),
  },
  scores: {
    actor: () => admin.client,
    status: 403,
    row: async () => ({ user_id: player.id, quiniela_id: (await openRound()).quiniela_id, correct: 4, points: 6 }),
    forged: async () => ({ updated_at: FORGED_AT }),
  },
  daily_games: {
    actor: () => admin.client,
    status: 403,
    row: async () => ({ game_date: '2030-01-15', game_type: 'yesno', question: '¿Columnas?' }),
    forged: async () => ({ id: await nextId('daily_games'), created_at: FORGED_AT }),
  },
  polls: {
    actor: () => admin.client,
    status: 403,
    row: async () => ({ question: '¿Columnas?', kind: 'open', allow_text: true }),
    forged: async () => ({ id: await nextId('polls'), created_at: FORGED_AT }),
  },
  referral_tracking: {
    actor: () => admin.client,
    status: 403,
    row: async () => ({ referrer_id: player.id, referred_id: (await createPlayer()).id }),
    forged: async () => ({ id: await nextId('referral_tracking'), created_at: FORGED_AT }),
  },
  paid_entries: {
    actor: () => admin.client,
    status: 403,
    row: async () => ({ quiniela_id: (await openRound()).quiniela_id, user_id: player.id, label: 'Entrada' }),
    forged: async () => ({ id: await nextId('paid_entries'), created_at: FORGED_AT }),
  },
};

function table(client: Client, name: string) {
  // Generic over table names, so the typed client is used untyped here.
  return (client as unknown as { from(t: string): any }).from(name);
}

describe('attack: column grants', () => {
  it('no client role may insert or update a whole public table, nor any server-owned column', async () => {
    const rows = await q(`
      select c.relname as table, r.role,
             has_table_privilege(r.role, c.oid, 'INSERT') as table_insert,
             has_table_privilege(r.role, c.oid, 'UPDATE') as table_update,
             array(select a.attname::text from pg_attribute a
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                     and (a.attidentity <> '' or a.attname in ('created_at', 'updated_at'))
                     and (has_column_privilege(r.role, c.oid, a.attnum, 'INSERT') or has_column_privilege(r.role, c.oid, a.attnum, 'UPDATE'))) as server_columns
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      cross join (values ('anon'), ('authenticated')) r (role)
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by 1, 2`);
    const wholeTables = rows.filter((r) => r.table_insert || r.table_update).map((r) => `${r.role}: ${r.table}`);
    expect(wholeTables).toEqual([]);
    const serverColumns = rows.filter((r) => r.server_columns.length > 0).map((r) => `${r.role}: ${r.table}.${r.server_columns.join(',')}`);
    expect(serverColumns).toEqual([]);
  });

  it('grants each role exactly the columns it may write, on every public table', async () => {
    const rows = await q(`
      select c.relname as table,
             array(select a.attname::text from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                     and has_column_privilege('authenticated', c.oid, a.attnum, 'INSERT') order by 1) as insert,
             array(select a.attname::text from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                     and has_column_privilege('authenticated', c.oid, a.attnum, 'UPDATE') order by 1) as update,
             array(select a.attname::text from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                     and (has_column_privilege('anon', c.oid, a.attnum, 'INSERT') or has_column_privilege('anon', c.oid, a.attnum, 'UPDATE')) order by 1) as anon
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by 1`);
    const live = Object.fromEntries(
      rows.map((r) => [
        r.table,
        Object.fromEntries(
          Object.entries({ insert: r.insert.join(' '), update: r.update.join(' '), anonInsert: r.anon.join(' ') }).filter(([, cols]) => cols !== ''),
        ),
      ]),
    );
    expect(live).toEqual(WRITABLE);
  });

  for (const [name, c] of Object.entries(INSERTS)) {
    it(`${name}: the allowed insert works; a forged id or timestamp is refused with permission denied`, async () => {
      const row = await c.row();
      const forged = await c.forged(row);
      const refused = await table(c.actor(), name).insert({ ...row, ...forged });
      expect(refused.status).toBe(c.status);
      expect(refused.error).toMatchObject({ code: '42501' });
      expect(refused.error.message).toMatch(new RegExp(`permission denied for table ${name}`));

      const allowed = await table(c.actor(), name).insert(row);
      expect(allowed.error).toBeNull();
      expect([200, 201]).toContain(allowed.status);
    });
  }

  it('a chosen chat id cannot block another player\'s message', async () => {
    const { quiniela_id } = await openRound();
    const other = await createPlayer();
    const sniped = await player.client.from('chat_messages').insert({ id: await nextId('chat_messages'), quiniela_id, user_id: player.id, message: 'primero' } as never);
    expect(sniped.error?.code).toBe('42501');
    const { error } = await other.client.from('chat_messages').insert({ quiniela_id, user_id: other.id, message: 'segundo' });
    expect(error).toBeNull();
  });

  it('picks: an upsert cannot carry a forged updated_at, and the receipt is the database clock', async () => {
    const r = await openRound();
    const pick = { user_id: player.id, match_id: r.match_ids[1], quiniela_id: r.quiniela_id, result: 'Empate' };
    const forged = await player.client.from('picks').upsert({ ...pick, updated_at: FORGED_AT } as never, { onConflict: 'user_id,match_id' });
    expect(forged.error?.code).toBe('42501');
    const { data, error } = await player.client.from('picks').upsert(pick, { onConflict: 'user_id,match_id' }).select('updated_at').single();
    expect(error).toBeNull();
    const { now } = await one('select now() as now');
    expect(Math.abs(new Date(data!.updated_at).getTime() - new Date(now).getTime())).toBeLessThan(60_000);

    const update = await player.client.from('picks').update({ result: 'Visita', created_at: FORGED_AT } as never).match({ user_id: player.id, match_id: r.match_ids[1] });
    expect(update.error?.code).toBe('42501');
    const ok = await player.client.from('picks').update({ result: 'Visita' }).match({ user_id: player.id, match_id: r.match_ids[1] });
    expect(ok.error).toBeNull();
  });

  it('profiles: a player changes his name and choices but never his e-mail, referral code, referrer, id or created_at', async () => {
    const other = await createPlayer();
    for (const forged of [
      { email: 'otro@example.com' },
      { referral_code: 'ROBADO22' },
      { referred_by: other.id },
      { created_at: FORGED_AT },
      { id: other.id },
    ]) {
      const { error, status } = await player.client.from('profiles').update({ newsletter_opt_in: true, ...forged } as never).eq('id', player.id);
      expect(status, JSON.stringify(forged)).toBe(403);
      expect(error?.code).toBe('42501');
    }
    const { error } = await player.client.from('profiles').update({ newsletter_opt_in: true }).eq('id', player.id);
    expect(error).toBeNull();
    const { rows: [stored] } = await db().query('select newsletter_opt_in, referred_by from public.profiles where id = $1', [player.id]);
    expect(stored).toEqual({ newsletter_opt_in: true, referred_by: null });
  });

  it('admins update rounds and matches but not their ids or timestamps', async () => {
    const r = await openRound();
    const forgedRound = await admin.client.from('quinielas').update({ name: 'Cambiada', created_at: FORGED_AT } as never).eq('id', r.quiniela_id);
    expect(forgedRound.error?.code).toBe('42501');
    const forgedMatch = await admin.client.from('matches').update({ correct_result: 'Local', quiniela_id: r.quiniela_id + 1 } as never).eq('id', r.match_ids[0]);
    expect(forgedMatch.error?.code).toBe('42501');
    expect((await admin.client.from('quinielas').update({ name: 'Cambiada' }).eq('id', r.quiniela_id)).error).toBeNull();
    expect((await admin.client.from('matches').update({ correct_result: 'Local' }).eq('id', r.match_ids[0])).error).toBeNull();
  });
});
