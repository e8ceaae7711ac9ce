// The RLS matrix: every public table × visitor / player (his own row) / other player (the
// same row, not his) / admin / service role × select / insert / update / delete, each tried
// through supabase-js against the real PostgREST and checked in the database.
// A table without a row here, or with RLS off, fails the coverage test: new tables must
// say who may do what.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db, serviceClient, type Client } from '../support/clients.ts';
import { createPlayer, uniqueUsername, type Player } from '../support/players.ts';

type Actor = 'visitor' | 'player' | 'other' | 'admin' | 'service';
type Op = 'select' | 'insert' | 'update' | 'delete';
type Row = Record<string, unknown>;
type Ctx = Row & { owner: Player };

interface TableRules {
  /** Creates the row under test, owned by `owner` where the table has owners. */
  arrange(owner: Player): Promise<Row>;
  /** Primary-key filter of the arranged row. */
  key(ctx: Ctx): Row;
  /** A new row for the owner (for the player actor, the owner is the actor himself). */
  insert(ctx: Ctx): Row;
  /** Frees the slot the insert needs when the table holds one row per owner. */
  beforeInsert?(ctx: Ctx): Promise<void>;
  patch(ctx: Ctx): Row;
  /** The columns a select asks for, where some columns are not readable by clients. */
  columns?: string;
  cleanup?(ctx: Ctx): Promise<void>;
  allow: Record<Op, string>;
}

const ALL = 'visitor player other admin service';
const ADMIN_WRITES = { insert: 'admin service', update: 'admin service', delete: 'admin service' };
const SERVICE_WRITES = { insert: 'service', update: 'service', delete: 'service' };
const RULES_MONTH = '2089-12-01';
/** A well-formed browser key pair and auth secret (base64url, 65 and 16 bytes). */
const PUSH_KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };

let n = 0;
const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
const one = async (sql: string, params: unknown[] = []) => (await q(sql, params)).rows[0];
const id = (row: Row) => Number(row.id);

const createdRounds: number[] = [];

async function openRound() {
  const round = await one(`insert into public.quinielas (name, week, deadline) values ('Matriz', 1, now() + interval '1 day') returning id`);
  createdRounds.push(id(round));
  const { rows } = await q(
    `insert into public.matches (quiniela_id, match_order, home_team, away_team)
     values ($1, 1, 'León', 'Atlas'), ($1, 2, 'Santos', 'Necaxa') returning id`,
    [round.id],
  );
  return { quiniela_id: id(round), match_ids: rows.map(id) };
}

async function boostGame() {
  return id(await one(
    `insert into public.daily_games (game_date, lock_date, game_type, question)
     values ((now() at time zone 'America/Mexico_City')::date + 1, now() + interval '1 hour', 'yesno', '¿Gana el local?') returning id`,
  ));
}

async function activePoll() {
  return id(await one(`insert into public.polls (question, kind, options, is_active) values ('¿Quién gana?', 'choice', '{Sí,No}', true) returning id`));
}

/** A liga code no other liga has (8 characters without look-alikes). */
function ligaCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomUUID().replace(/-/g, '').slice(0, 8), (h) => alphabet[parseInt(h, 16) + 10]).join('');
}

/** A liga owned by `owner`, who is its first member. */
async function liga(owner: Player): Promise<string> {
  const l = await one(`insert into public.leagues (name, code, owner_id, created_by) values ('Matriz', $1, $2, $2) returning id`, [ligaCode(), owner.id]);
  await q('insert into public.league_members (league_id, user_id) values ($1, $2)', [l.id, owner.id]);
  return l.id as string;
}

const RULES: Record<string, TableRules> = {
  admins: {
    // The row is someone else's membership: a player's own membership would make him an admin.
    arrange: async () => ({ member: (await createPlayer({ admin: true })).id }),
    key: (c) => ({ id: c.member }),
    insert: (c) => ({ id: c.owner.id }),
    // created_at is the server's (column grants): nobody but the service role changes a membership.
    patch: () => ({ created_at: '2030-01-01T00:00:00+00:00' }),
    allow: { select: 'admin service', insert: 'admin service', update: 'service', delete: 'admin service' },
  },
  clubs: {
    arrange: async () => ({ id: id(await one(`insert into public.clubs (name, league) values ('Club Matriz', 'Liga MX') returning id`)) }),
    key: (c) => ({ id: c.id }),
    insert: () => ({ name: 'Club Nuevo', league: 'MLS' }),
    patch: () => ({ name: 'Club Renombrado' }),
    allow: { select: ALL, ...ADMIN_WRITES },
  },
  profiles: {
    arrange: async () => ({}),
    key: (c) => ({ id: c.owner.id }),
    beforeInsert: async (c) => void (await q('delete from public.profiles where id = $1', [c.owner.id])),
    insert: (c) => ({ id: c.owner.id, username: uniqueUsername(), email: c.owner.email }),
    patch: () => ({ username: uniqueUsername('renombrado') }),
    allow: { select: 'player admin service', insert: 'service', update: 'player service', delete: 'service' },
  },
  quinielas: {
    arrange: openRound,
    key: (c) => ({ id: c.quiniela_id }),
    insert: () => ({ name: 'Jornada nueva', week: 2, deadline: new Date(Date.now() + 86_400_000).toISOString() }),
    patch: () => ({ name: 'Jornada cambiada' }),
    allow: { select: ALL, ...ADMIN_WRITES },
  },
  matches: {
    arrange: openRound,
    key: (c) => ({ id: (c.match_ids as number[])[0] }),
    insert: (c) => ({ quiniela_id: c.quiniela_id, match_order: 3, home_team: 'Toluca', away_team: 'Puebla' }),
    patch: () => ({ correct_result: 'Empate' }),
    allow: { select: ALL, ...ADMIN_WRITES },
  },
  picks: {
    arrange: async (owner) => {
      const r = await openRound();
      await q(`insert into public.picks (user_id, match_id, quiniela_id, result) values ($1, $2, $3, 'Local')`, [owner.id, r.match_ids[0], r.quiniela_id]);
      return r;
    },
    key: (c) => ({ user_id: c.owner.id, match_id: (c.match_ids as number[])[0] }),
    insert: (c) => ({ user_id: c.owner.id, match_id: (c.match_ids as number[])[1], quiniela_id: c.quiniela_id, result: 'Visita' }),
    patch: () => ({ result: 'Visita' }),
    allow: { select: 'player admin service', insert: 'player service', update: 'player service', delete: 'service' },
  },
  scores: {
    arrange: async (owner) => {
      const [a, b] = [await openRound(), await openRound()];
      await q(`insert into public.scores (user_id, quiniela_id, correct, points) values ($1, $2, 4, 6)`, [owner.id, a.quiniela_id]);
      return { scored: a.quiniela_id, unscored: b.quiniela_id };
    },
    key: (c) => ({ user_id: c.owner.id, quiniela_id: c.scored }),
    insert: (c) => ({ user_id: c.owner.id, quiniela_id: c.unscored, correct: 5, points: 8 }),
    patch: () => ({ points: 99 }),
    allow: { select: ALL, ...ADMIN_WRITES },
  },
  // The rules change only by migration, and only for months still to come (rules.test.ts):
  // the rows here belong to a version for December 2089, so no scoring of this run uses them.
  scoring_points: {
    arrange: async () => {
      const correct = n++ % 13;
      await q(`delete from public.scoring_points where effective_from = $1 and correct = $2`, [RULES_MONTH, correct]);
      await q(`insert into public.scoring_points (effective_from, correct, points) values ($1, $2, 0)`, [RULES_MONTH, correct]);
      return { correct };
    },
    key: (c) => ({ effective_from: RULES_MONTH, correct: c.correct }),
    beforeInsert: async (c) => void (await q('delete from public.scoring_points where effective_from = $1 and correct = $2', [RULES_MONTH, c.correct])),
    insert: (c) => ({ effective_from: RULES_MONTH, correct: c.correct, points: 0 }),
    patch: () => ({ points: 1 }),
    cleanup: async () => void (await q('delete from public.scoring_points where effective_from = $1', [RULES_MONTH])),
    allow: { select: ALL, ...SERVICE_WRITES },
  },
  scoring_bonuses: {
    arrange: async () => {
      const code = `matriz_${n++}`;
      await q(`insert into public.scoring_bonuses (effective_from, code, label, points) values ($1, $2, 'Prueba', 1)`, [RULES_MONTH, code]);
      return { code };
    },
    key: (c) => ({ effective_from: RULES_MONTH, code: c.code }),
    insert: (c) => ({ effective_from: RULES_MONTH, code: `${c.code}_nuevo`, label: 'Prueba nueva', points: 2 }),
    patch: () => ({ label: 'Cambiada' }),
    cleanup: async (c) => void (await q('delete from public.scoring_bonuses where effective_from = $1 and code like $2', [RULES_MONTH, `${c.code}%`])),
    allow: { select: ALL, ...SERVICE_WRITES },
  },
  prizes: {
    arrange: async () => {
      const place = 1000 + 2 * n++;
      await q(`insert into public.prizes (effective_from, kind, place, amount_mxn) values ($1, 'weekly', $2, 10)`, [RULES_MONTH, place]);
      return { place };
    },
    key: (c) => ({ effective_from: RULES_MONTH, kind: 'weekly', place: c.place }),
    insert: (c) => ({ effective_from: RULES_MONTH, kind: 'weekly', place: (c.place as number) + 1, amount_mxn: 20 }),
    patch: () => ({ amount_mxn: 11 }),
    cleanup: async (c) => void (await q(`delete from public.prizes where effective_from = $1 and kind = 'weekly' and place in ($2, $2 + 1)`, [RULES_MONTH, c.place])),
    allow: { select: ALL, ...SERVICE_WRITES },
  },
  daily_games: {
    arrange: async () => ({ id: await boostGame() }),
    key: (c) => ({ id: c.id }),
    insert: () => ({ game_date: '2030-01-15', lock_date: '2030-01-15T20:00:00Z', game_type: 'overunder', question: '¿Más de 2.5 goles?', points: 3 }),
    patch: () => ({ correct_answer: 'Sí' }),
    // correct_answer is hidden from clients (tests/api/boost.test.ts).
    columns: 'id, game_date, lock_date, game_type, question, points, metadata, created_at',
    allow: { select: ALL, ...ADMIN_WRITES },
  },
  daily_game_picks: {
    arrange: async (owner) => {
      const [answered, unanswered] = [await boostGame(), await boostGame()];
      await q(`insert into public.daily_game_picks (user_id, daily_game_id, answer) values ($1, $2, 'Sí')`, [owner.id, answered]);
      return { answered, unanswered };
    },
    key: (c) => ({ user_id: c.owner.id, daily_game_id: c.answered }),
    insert: (c) => ({ user_id: c.owner.id, daily_game_id: c.unanswered, answer: 'No' }),
    patch: () => ({ answer: 'No' }),
    allow: { select: 'player admin service', insert: 'player service', update: 'player service', delete: 'service' },
  },
  daily_scores: {
    arrange: async (owner) => {
      const [scored, unscored] = [await boostGame(), await boostGame()];
      await q(`insert into public.daily_scores (user_id, daily_game_id, points) values ($1, $2, 2)`, [owner.id, scored]);
      return { scored, unscored };
    },
    key: (c) => ({ user_id: c.owner.id, daily_game_id: c.scored }),
    insert: (c) => ({ user_id: c.owner.id, daily_game_id: c.unscored, points: 1 }),
    patch: () => ({ points: 7 }),
    allow: { select: ALL, ...ADMIN_WRITES },
  },
  polls: {
    arrange: async () => ({ id: await activePoll() }),
    key: (c) => ({ id: c.id }),
    insert: () => ({ question: '¿Nueva encuesta?', kind: 'open', allow_text: true, is_active: false }),
    patch: () => ({ question: '¿Cambiada?' }),
    allow: { select: ALL, ...ADMIN_WRITES },
  },
  poll_votes: {
    arrange: async (owner) => {
      const [voted, unvoted] = [await activePoll(), await activePoll()];
      const vote = await one(`insert into public.poll_votes (poll_id, user_id, option) values ($1, $2, 'Sí') returning id`, [voted, owner.id]);
      return { id: id(vote), unvoted };
    },
    key: (c) => ({ id: c.id }),
    insert: (c) => ({ poll_id: c.unvoted, user_id: c.owner.id, option: 'No' }),
    patch: () => ({ option: 'No' }),
    allow: { select: 'player admin service', insert: 'player service', update: 'service', delete: 'service' },
  },
  chat_messages: {
    arrange: async (owner) => {
      const r = await openRound();
      // Posted a while ago: a message of the last 3 s would make the owner's own insert wait (rate limit).
      const message = await one(
        `insert into public.chat_messages (quiniela_id, user_id, message, created_at) values ($1, $2, '¡Vamos!', now() - interval '1 minute') returning id`,
        [r.quiniela_id, owner.id],
      );
      return { id: id(message), quiniela_id: r.quiniela_id };
    },
    key: (c) => ({ id: c.id }),
    insert: (c) => ({ quiniela_id: c.quiniela_id, user_id: c.owner.id, message: 'Hola a todos' }),
    patch: () => ({ message: 'Editado' }),
    allow: { select: ALL, insert: 'player service', update: 'service', delete: 'admin service' },
  },
  blog_posts: {
    arrange: async () => {
      const slug = `post-matriz-${n++}`;
      await q(`insert into public.blog_posts (slug, title, body_html, published_at) values ($1, 'Post', '<p>Hola</p>', now() - interval '1 day')`, [slug]);
      return { slug };
    },
    key: (c) => ({ slug: c.slug }),
    insert: (c) => ({ slug: `${c.slug}-nuevo`, title: 'Nuevo', body_html: '<p>Nuevo</p>', published_at: new Date().toISOString() }),
    patch: () => ({ title: 'Título cambiado' }),
    allow: { select: ALL, ...ADMIN_WRITES },
  },
  referral_tracking: {
    arrange: async (owner) => {
      const [referred, later] = [await createPlayer(), await createPlayer()];
      // The tracking row mirrors the profile's referrer (it is refused otherwise).
      await q('update public.profiles set referred_by = $1 where id = any($2)', [owner.id, [referred.id, later.id]]);
      const row = await one(`insert into public.referral_tracking (referrer_id, referred_id) values ($1, $2) returning id`, [owner.id, referred.id]);
      return { id: id(row), later: later.id };
    },
    key: (c) => ({ id: c.id }),
    insert: (c) => ({ referrer_id: c.owner.id, referred_id: c.later }),
    patch: () => ({ referral_used: true }),
    allow: { select: 'player admin service', ...ADMIN_WRITES },
  },
  referral_clicks: {
    // A visit is stored only for a code that names a player (the owner's, here).
    arrange: async (owner) => {
      const code = (await one('select referral_code from public.profiles where id = $1', [owner.id])).referral_code as string;
      return { id: id(await one(`insert into public.referral_clicks (referral_code, visitor_id, user_agent) values ($1, gen_random_uuid(), 'vitest') returning id`, [code])), code };
    },
    key: (c) => ({ id: c.id }),
    insert: (c) => ({ referral_code: c.code, visitor_id: randomUUID(), user_agent: 'Mozilla/5.0' }),
    patch: () => ({ user_agent: 'cambiado' }),
    allow: { select: 'admin service', insert: ALL, update: 'service', delete: 'service' },
  },
  // Written only by public.seal_due_rounds (definer); a player reads his own salt, everyone the seal.
  round_seal_salts: {
    arrange: async (owner) => {
      const round = await openRound();
      await q(`insert into public.round_seal_salts (quiniela_id, user_id, salt) values ($1, $2, extensions.gen_random_bytes(16))`, [round.quiniela_id, owner.id]);
      return { round: round.quiniela_id, other: (await openRound()).quiniela_id };
    },
    key: (c) => ({ quiniela_id: c.round, user_id: c.owner.id }),
    insert: (c) => ({ quiniela_id: c.other, user_id: c.owner.id, salt: '\\x00112233445566778899aabbccddeeff' }),
    patch: () => ({ salt: '\\xffeeddccbbaa99887766554433221100' }),
    allow: { select: 'player service', insert: 'service', update: 'service', delete: 'service' },
  },
  round_seals: {
    arrange: async () => {
      const round = await openRound();
      await q(`insert into public.round_seals (quiniela_id, root, leaves) values ($1, repeat('a', 64), 0)`, [round.quiniela_id]);
      return { round: round.quiniela_id, other: (await openRound()).quiniela_id };
    },
    key: (c) => ({ quiniela_id: c.round }),
    insert: (c) => ({ quiniela_id: c.other, root: 'b'.repeat(64), leaves: 1 }),
    patch: () => ({ leaves: 7 }),
    allow: { select: ALL, insert: 'service', update: 'service', delete: 'service' },
  },
  // Ligas: members read a liga and its members; its owner edits the name and prize line and
  // deletes it; memberships and reminders change only through the league functions (definer).
  leagues: {
    arrange: async (owner) => ({ id: await liga(owner) }),
    key: (c) => ({ id: c.id }),
    insert: (c) => ({ name: 'Liga nueva', code: ligaCode(), owner_id: c.owner.id }),
    patch: () => ({ name: 'Liga renombrada' }),
    allow: { select: 'player admin service', insert: 'service', update: 'player service', delete: 'player service' },
  },
  league_members: {
    // The owner is a member of someone else's liga; the insert puts him in another.
    arrange: async (owner) => {
      const host = await createPlayer();
      const [joined, other] = [await liga(host), await liga(host)];
      await q('insert into public.league_members (league_id, user_id) values ($1, $2)', [joined, owner.id]);
      return { joined, other };
    },
    key: (c) => ({ league_id: c.joined, user_id: c.owner.id }),
    insert: (c) => ({ league_id: c.other, user_id: c.owner.id }),
    patch: () => ({ joined_at: '2030-01-01T00:00:00+00:00' }),
    allow: { select: 'player admin service', ...SERVICE_WRITES },
  },
  league_reminders: {
    arrange: async (owner) => {
      const [l, a, b] = [await liga(owner), await openRound(), await openRound()];
      await q('insert into public.league_reminders (league_id, quiniela_id, sent_by) values ($1, $2, $3)', [l, a.quiniela_id, owner.id]);
      return { league_id: l, quiniela_id: a.quiniela_id, spare: b.quiniela_id };
    },
    key: (c) => ({ league_id: c.league_id, quiniela_id: c.quiniela_id }),
    insert: (c) => ({ league_id: c.league_id, quiniela_id: c.spare, sent_by: c.owner.id }),
    patch: () => ({ queued: 99 }),
    // Members read when their liga's reminder went (the owner's button says so before a tap).
    allow: { select: 'player admin service', ...SERVICE_WRITES },
  },
  friends: {
    // The owner follows one player; the insert adds another. Nobody else sees or edits it.
    arrange: async (owner) => {
      const [friend, next] = [(await createPlayer()).id, (await createPlayer()).id];
      await q('insert into public.friends (user_id, friend_id) values ($1, $2)', [owner.id, friend]);
      return { friend, next };
    },
    key: (c) => ({ user_id: c.owner.id, friend_id: c.friend }),
    insert: (c) => ({ user_id: c.owner.id, friend_id: c.next }),
    beforeInsert: async (c) => void (await q('delete from public.friends where user_id = $1 and friend_id = $2', [c.owner.id, c.next])),
    patch: () => ({ created_at: '2030-01-01T00:00:00+00:00' }),
    allow: { select: 'player service', insert: 'player service', update: 'service', delete: 'player service' },
  },
  activity_logs: {
    arrange: async (owner) => ({ id: id(await one(`insert into public.activity_logs (user_id, event_name) values ($1, 'page_view') returning id`, [owner.id])) }),
    key: (c) => ({ id: c.id }),
    insert: (c) => ({ user_id: c.owner.id, event_name: 'click', json: { target: 'guardar' } }),
    patch: () => ({ event_name: 'cambiado' }),
    allow: { select: 'admin service', insert: 'player service', update: 'service', delete: 'service' },
  },
  notification_preferences: {
    arrange: async () => ({}),
    key: (c) => ({ user_id: c.owner.id }),
    beforeInsert: async (c) => void (await q('delete from public.notification_preferences where user_id = $1', [c.owner.id])),
    insert: (c) => ({ user_id: c.owner.id, remind_boost: false }),
    patch: () => ({ remind_boost: false }),
    allow: { select: 'player admin service', insert: 'player service', update: 'player service', delete: 'service' },
  },
  push_subscriptions: {
    arrange: async (owner) => {
      const endpoint = `https://push.example.com/matriz/${n++}`;
      await q(`insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)`, [owner.id, endpoint, PUSH_KEYS.p256dh, PUSH_KEYS.auth]);
      return { endpoint };
    },
    key: (c) => ({ endpoint: c.endpoint }),
    insert: (c) => ({ user_id: c.owner.id, endpoint: `https://push.example.com/matriz/${n++}`, ...PUSH_KEYS }),
    // Delivery bookkeeping is the dispatcher's: no client updates a subscription.
    patch: () => ({ user_agent: 'cambiado' }),
    allow: { select: 'player service', insert: 'player service', update: 'service', delete: 'player service' },
  },
  notification_batches: {
    // An admin send's progress: written by the admin functions (service role), read by admins.
    arrange: async () => {
      const batch = randomUUID();
      await q(`insert into public.notification_batches (id, kind, total) values ($1, 'custom', 3)`, [batch]);
      return { batch };
    },
    key: (c) => ({ id: c.batch }),
    insert: () => ({ id: randomUUID(), kind: 'custom', total: 1 }),
    patch: () => ({ sent: 2 }),
    allow: { select: 'admin service', ...SERVICE_WRITES },
  },
  round_finalizations: {
    // A finalization's steps: written by finalize-round (service role), read by admins.
    arrange: async () => {
      const run = randomUUID();
      const round = (await openRound()).quiniela_id;
      await q(`insert into public.round_finalizations (id, quiniela_id) values ($1, $2)`, [run, round]);
      return { run, round };
    },
    key: (c) => ({ id: c.run }),
    insert: (c) => ({ id: randomUUID(), quiniela_id: c.round }),
    patch: () => ({ finished_at: new Date().toISOString() }),
    allow: { select: 'admin service', ...SERVICE_WRITES },
  },
  match_live: {
    // A match's live score: written by the poller's functions (service role), read by everyone.
    arrange: async () => {
      const r = await openRound();
      await q(`insert into public.match_live (match_id, quiniela_id, fixture_id, status) values ($1, $2, 1, '1H')`, [r.match_ids[0], r.quiniela_id]);
      return r;
    },
    key: (c) => ({ match_id: (c.match_ids as number[])[0] }),
    insert: (c) => ({ match_id: (c.match_ids as number[])[1], quiniela_id: c.quiniela_id, fixture_id: 2, status: 'NS' }),
    patch: () => ({ home_goals: 3 }),
    allow: { select: ALL, ...SERVICE_WRITES },
  },
  result_corrections: {
    // The round's public correction log: written by a trigger on matches only, read by everyone.
    arrange: async () => {
      const r = await openRound();
      const row = await one(`insert into public.result_corrections (quiniela_id, match_id, new_result, who, after_finalization) values ($1, $2, 'Local', 'proveedor', false) returning id`, [r.quiniela_id, r.match_ids[0]]);
      return { ...r, correction: Number(row.id) };
    },
    key: (c) => ({ id: c.correction }),
    insert: (c) => ({ quiniela_id: c.quiniela_id, match_id: (c.match_ids as number[])[0], new_result: 'Visita', who: 'alguien', after_finalization: false }),
    patch: () => ({ why: 'cambiado' }),
    columns: 'id, quiniela_id, match_id, at, old_result, new_result, who, why, after_finalization',
    allow: { select: ALL, ...SERVICE_WRITES },
  },
  live_feed: {
    // The feed's one row: its state readable by everyone, the rest (reasons, quota) the poller's.
    arrange: async () => {
      await q(`insert into public.live_feed (id) values (1) on conflict (id) do nothing`);
      return {};
    },
    key: () => ({ id: 1 }),
    beforeInsert: async () => {
      await q('delete from public.live_feed');
    },
    insert: () => ({ id: 1, state: 'ok' }),
    patch: () => ({ state: 'paused' }),
    columns: 'id, state, paused_since, last_success_at',
    cleanup: async () => {
      await q('delete from public.live_feed');
    },
    allow: { select: ALL, ...SERVICE_WRITES },
  },
  notification_outbox: {
    arrange: async (owner) => {
      const dedupe = `matriz:${n++}`;
      await q(`insert into public.notification_outbox (user_id, kind, channel, payload, dedupe_key) values ($1, 'new_blog', 'email', '{}', $2)`, [owner.id, dedupe]);
      return { dedupe };
    },
    key: (c) => ({ dedupe_key: c.dedupe }),
    insert: (c) => ({ user_id: c.owner.id, kind: 'new_blog', channel: 'email', payload: {}, dedupe_key: `matriz:${n++}` }),
    patch: () => ({ state: 'sent' }),
    allow: { select: 'service', ...SERVICE_WRITES },
  },
  rank_history: {
    // Derived by snapshot_monthly_ranks (definer): public to read like the leaderboard, written
    // by nobody through the API but the service role.
    arrange: async (owner) => {
      await q(`insert into public.rank_history (user_id, day, rank_total, total_points) values ($1, '2030-01-05', 5, 10)`, [owner.id]);
      return {};
    },
    key: (c) => ({ user_id: c.owner.id, day: '2030-01-05' }),
    insert: (c) => ({ user_id: c.owner.id, day: '2030-01-06', rank_total: 1, total_points: 1 }),
    patch: () => ({ rank_total: 2 }),
    allow: { select: ALL, insert: 'service', update: 'service', delete: 'service' },
  },
  rank_snapshots: {
    arrange: async (owner) => {
      await q(`insert into public.rank_snapshots (user_id, year, month, rank_total) values ($1, 2030, 1, 5)`, [owner.id]);
      return {};
    },
    key: (c) => ({ user_id: c.owner.id, year: 2030, month: 1 }),
    insert: (c) => ({ user_id: c.owner.id, year: 2030, month: 2, rank_total: 1 }),
    patch: () => ({ rank_total: 2 }),
    allow: { select: ALL, ...ADMIN_WRITES },
  },
  monthly_standings: {
    // Derived by refresh_monthly_standings (definer) from scores and daily_scores: public to
    // read, written by nobody through the API but the service role.
    arrange: async (owner) => {
      await q(`insert into public.monthly_standings (year, month, user_id, total_points) values (2030, 1, $1, 10)`, [owner.id]);
      return {};
    },
    key: (c) => ({ user_id: c.owner.id, year: 2030, month: 1 }),
    insert: (c) => ({ user_id: c.owner.id, year: 2030, month: 2, total_points: 1 }),
    patch: () => ({ total_points: 2 }),
    allow: { select: ALL, insert: 'service', update: 'service', delete: 'service' },
  },
  standings_histogram: {
    // Derived from monthly_standings by its triggers: public to read like the leaderboard,
    // written by nobody through the API but the service role. A bucket of its own per test.
    arrange: async () => {
      const points = 100_000 + n++;
      await q(`insert into public.standings_histogram (year, month, ranking, points, players) values (2031, 1, 'total', $1, 1)`, [points]);
      return { points };
    },
    key: (c) => ({ year: 2031, month: 1, ranking: 'total', points: c.points }),
    insert: (c) => ({ year: 2031, month: 2, ranking: 'total', points: c.points, players: 1 }),
    patch: () => ({ players: 2 }),
    allow: { select: ALL, ...SERVICE_WRITES },
  },
  paid_entries: {
    arrange: async (owner) => {
      const r = await openRound();
      const entry = await one(`insert into public.paid_entries (quiniela_id, user_id, label) values ($1, $2, 'Entrada 1') returning id`, [r.quiniela_id, owner.id]);
      return { id: id(entry), quiniela_id: r.quiniela_id };
    },
    key: (c) => ({ id: c.id }),
    insert: (c) => ({ quiniela_id: c.quiniela_id, user_id: c.owner.id, label: 'Entrada 2' }),
    patch: () => ({ label: 'Cambiada' }),
    allow: { select: 'player admin service', ...ADMIN_WRITES },
  },
  pro_packs: {
    // Prices change by migration only: everyone reads them, only the service role writes.
    arrange: async () => {
      const pack = `matriz_${n++}`;
      await q(`insert into public.pro_packs (pack_type, entries, price_mxn, pool_mxn, title) values ($1, 1, 10, 5, 'Prueba')`, [pack]);
      return { pack };
    },
    key: (c) => ({ pack_type: c.pack }),
    insert: (c) => ({ pack_type: `${c.pack}_b`, entries: 2, price_mxn: 20, pool_mxn: 10, title: 'Prueba' }),
    patch: () => ({ title: 'Cambiada' }),
    cleanup: async (c) => void (await q(`delete from public.pro_packs where pack_type in ($1, $1 || '_b')`, [c.pack])),
    allow: { select: ALL, ...SERVICE_WRITES },
  },
  pro_round_closings: {
    // Fixed by the finalization trigger only; the pool is public.
    arrange: async () => {
      const r = await openRound();
      await q(`insert into public.pro_round_closings (quiniela_id, pool_mxn, players, entries) values ($1, 300, 0, 0)`, [r.quiniela_id]);
      return { quiniela_id: r.quiniela_id, spare: (await openRound()).quiniela_id };
    },
    key: (c) => ({ quiniela_id: c.quiniela_id }),
    insert: (c) => ({ quiniela_id: c.spare, pool_mxn: 1000, players: 1, entries: 1 }),
    patch: () => ({ pool_mxn: '5000.00' }),
    allow: { select: ALL, ...SERVICE_WRITES },
  },
  pro_payouts: {
    // Fixed by the finalization trigger only; entries and shares, never a ledger tag, so public.
    arrange: async (owner) => {
      const r = await openRound();
      await q(`insert into public.pro_round_closings (quiniela_id, pool_mxn, players, entries) values ($1, 300, 1, 2)`, [r.quiniela_id]);
      const entries = (await q(`insert into public.paid_entries (quiniela_id, user_id, label) values ($1, $2, 'Entrada 1'), ($1, $2, 'Entrada 2') returning id`, [r.quiniela_id, owner.id])).rows.map(id);
      await q(`insert into public.pro_payouts (quiniela_id, entry_id, points, share_mxn) values ($1, $2, 3, 300)`, [r.quiniela_id, entries[0]]);
      return { quiniela_id: r.quiniela_id, entry_id: entries[0], spare: entries[1] };
    },
    key: (c) => ({ quiniela_id: c.quiniela_id, entry_id: c.entry_id }),
    insert: (c) => ({ quiniela_id: c.quiniela_id, entry_id: c.spare, points: 9, share_mxn: 300 }),
    patch: () => ({ share_mxn: '9999.00' }),
    allow: { select: ALL, ...SERVICE_WRITES },
  },
  pro_checkouts: {
    // Recorded by start_pro_checkout (definer) only; the buyer and admins read them.
    arrange: async (owner) => {
      const r = await openRound();
      const row = await one(`insert into public.pro_checkouts (user_id, quiniela_id, pack_type, price_mxn) values ($1, $2, 'single', 25) returning id`, [owner.id, r.quiniela_id]);
      return { id: row.id, quiniela_id: r.quiniela_id };
    },
    key: (c) => ({ id: c.id }),
    insert: (c) => ({ user_id: c.owner.id, quiniela_id: c.quiniela_id, pack_type: 'single', price_mxn: 1 }),
    patch: () => ({ preference_id: 'cambiada' }),
    allow: { select: 'player admin service', ...SERVICE_WRITES },
  },
  payments: {
    // Written by record_pro_payment (the webhook, service role) only; the payer and admins read.
    arrange: async (owner) => {
      const r = await openRound();
      const row = await one(
        `insert into public.payments (provider_payment_id, user_id, quiniela_id, pack_type, status, amount_mxn, currency, outcome)
         values ($1, $2, $3, 'single', 'pending', 25, 'MXN', 'pending') returning id`,
        [`matriz-${n++}`, owner.id, r.quiniela_id],
      );
      return { id: id(row), quiniela_id: r.quiniela_id };
    },
    key: (c) => ({ id: c.id }),
    insert: (c) => ({ provider_payment_id: `matriz-${n++}`, user_id: c.owner.id, quiniela_id: c.quiniela_id, status: 'approved', outcome: 'credited', pool_mxn: 16.5 }),
    patch: () => ({ outcome: 'credited' }),
    allow: { select: 'player admin service', ...SERVICE_WRITES },
  },
  paid_picks: {
    arrange: async (owner) => {
      const r = await openRound();
      const entry = await one(`insert into public.paid_entries (quiniela_id, user_id) values ($1, $2) returning id`, [r.quiniela_id, owner.id]);
      await q(`insert into public.paid_picks (paid_entry_id, quiniela_id, match_id, result) values ($1, $2, $3, 'Local')`, [entry.id, r.quiniela_id, r.match_ids[0]]);
      return { ...r, paid_entry_id: id(entry) };
    },
    key: (c) => ({ paid_entry_id: c.paid_entry_id, match_id: (c.match_ids as number[])[0] }),
    insert: (c) => ({ paid_entry_id: c.paid_entry_id, quiniela_id: c.quiniela_id, match_id: (c.match_ids as number[])[1], result: 'Empate' }),
    patch: () => ({ result: 'Visita' }),
    allow: { select: 'player admin service', insert: 'player service', update: 'player service', delete: 'service' },
  },
};

let other: Player;
let admin: Player;

beforeAll(async () => {
  [other, admin] = await Promise.all([createPlayer(), createPlayer({ admin: true })]);
});

afterAll(async () => {
  // Open rounds left behind would become other files' "current" round.
  await q('delete from public.quinielas where id = any($1)', [createdRounds]);
  await db().end();
});

function clientOf(actor: Actor, owner: Player): Client {
  switch (actor) {
    case 'visitor': return anonClient();
    case 'player': return owner.client;
    case 'other': return other.client;
    case 'admin': return admin.client;
    case 'service': return serviceClient();
  }
}

function where(key: Row): { sql: string; params: unknown[] } {
  const cols = Object.keys(key);
  return { sql: cols.map((c, i) => `${c} = $${i + 1}`).join(' and '), params: cols.map((c) => key[c]) };
}

async function stored(table: string, key: Row): Promise<Row | undefined> {
  const w = where(key);
  return (await q(`select * from public.${table} where ${w.sql}`, w.params)).rows[0];
}

/** Compares a stored value with the value sent: timestamps by instant, the rest as text. */
function sameValue(stored: unknown, sent: unknown): boolean {
  if (stored instanceof Date) return stored.getTime() === new Date(String(sent)).getTime();
  // bytea arrives as a Buffer and is sent as PostgREST's '\x…' hex text.
  if (Buffer.isBuffer(stored)) return `\\x${stored.toString('hex')}` === String(sent);
  return String(stored) === String(sent);
}

/** Tries the operation through supabase-js and says whether it took effect. */
async function attempt(table: string, rules: TableRules, op: Op, client: Client, ctx: Ctx): Promise<boolean> {
  // The matrix is generic over table names, so the typed client is used untyped here.
  const from = (client as unknown as { from(t: string): any }).from(table);
  const key = rules.key(ctx);
  switch (op) {
    case 'select': {
      const { data, error } = await from.select(rules.columns ?? '*').match(key);
      return !error && data.length > 0;
    }
    case 'insert': {
      await rules.beforeInsert?.(ctx);
      const { error } = await from.insert(rules.insert(ctx));
      return !error;
    }
    case 'update': {
      const patch = rules.patch(ctx);
      await from.update(patch).match(key);
      const row = await stored(table, key);
      return row !== undefined && Object.entries(patch).every(([col, value]) => sameValue(row[col], value));
    }
    case 'delete': {
      await from.delete().match(key);
      return (await stored(table, key)) === undefined;
    }
  }
}

const ACTORS: Actor[] = ['visitor', 'player', 'other', 'admin', 'service'];
const OPS: Op[] = ['select', 'insert', 'update', 'delete'];

describe('RLS matrix', () => {
  for (const [table, rules] of Object.entries(RULES)) {
    describe(table, () => {
      for (const op of OPS) {
        const allowed = new Set(rules.allow[op].split(' '));
        for (const actor of ACTORS) {
          const expected = allowed.has(actor);
          it(`${actor} ${op}: ${expected ? 'allowed' : 'denied'}`, async () => {
            const owner = await createPlayer();
            const ctx: Ctx = { owner, ...(await rules.arrange(owner)) };
            try {
              expect(await attempt(table, rules, op, clientOf(actor, owner), ctx)).toBe(expected);
            } finally {
              await rules.cleanup?.(ctx);
            }
          });
        }
      }
    });
  }
});

describe('RLS coverage', () => {
  it('has RLS on, and a matrix row, for every public table', async () => {
    const { rows } = await q(
      `select c.relname as name, c.relrowsecurity as rls
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p')
       order by 1`,
    );
    expect(rows.filter((r) => !r.rls).map((r) => r.name)).toEqual([]);
    expect(rows.map((r) => r.name).filter((name) => !(name in RULES))).toEqual([]);
    expect(Object.keys(RULES).filter((name) => !rows.some((r) => r.name === name))).toEqual([]);
  });

  it('gives visitors and players no table privileges beyond what the migrations grant', async () => {
    const { rows } = await q(
      `select table_name, grantee, privilege_type from information_schema.role_table_grants
       where table_schema = 'public' and grantee in ('anon', 'authenticated') and privilege_type in ('TRUNCATE', 'REFERENCES', 'TRIGGER')`,
    );
    expect(rows).toEqual([]);
  });
});

describe('reads the matrix does not cover', () => {
  it('hides inactive polls and unpublished posts from players, not from admins', async () => {
    const owner = await createPlayer();
    const poll = id(await one(`insert into public.polls (question, options, is_active) values ('¿Oculta?', '{a,b}', false) returning id`));
    const slug = `borrador-${n++}`;
    await q(`insert into public.blog_posts (slug, title, published_at) values ($1, 'Borrador', now() + interval '1 day')`, [slug]);
    for (const client of [anonClient(), owner.client]) {
      expect((await client.from('polls').select('id').eq('id', poll)).data).toEqual([]);
      expect((await client.from('blog_posts').select('slug').eq('slug', slug)).data).toEqual([]);
    }
    expect((await admin.client.from('polls').select('id').eq('id', poll)).data).toEqual([{ id: poll }]);
    expect((await admin.client.from('blog_posts').select('slug').eq('slug', slug)).data).toEqual([{ slug }]);
  });

  it('shows Pro entries and picks of others only once the round closed', async () => {
    const owner = await createPlayer();
    const r = await openRound();
    const entry = id(await one(`insert into public.paid_entries (quiniela_id, user_id) values ($1, $2) returning id`, [r.quiniela_id, owner.id]));
    await q(`insert into public.paid_picks (paid_entry_id, quiniela_id, match_id, result) values ($1, $2, $3, 'Local')`, [entry, r.quiniela_id, r.match_ids[0]]);
    expect((await other.client.from('paid_picks').select('result').eq('paid_entry_id', entry)).data).toEqual([]);
    await q(`update public.quinielas set deadline = now() - interval '1 second' where id = $1`, [r.quiniela_id]);
    expect((await other.client.from('paid_entries').select('id').eq('id', entry)).data).toEqual([{ id: entry }]);
    expect((await other.client.from('paid_picks').select('result').eq('paid_entry_id', entry)).data).toEqual([{ result: 'Local' }]);
    const late = await owner.client.from('paid_picks').upsert({ paid_entry_id: entry, quiniela_id: r.quiniela_id, match_id: r.match_ids[0], result: 'Visita' });
    expect(late.error?.code).toBe('42501');
  });

  it('shows a liga member none of his fellow members\' picks before the deadline, by table or function', async () => {
    const owner = await createPlayer();
    const l = await liga(owner);
    await q('insert into public.league_members (league_id, user_id) values ($1, $2)', [l, other.id]);
    const r = await openRound();
    await q(`insert into public.picks (user_id, match_id, quiniela_id, result) values ($1, $2, $3, 'Local')`, [owner.id, r.match_ids[0], r.quiniela_id]);
    expect((await other.client.from('picks').select('result').eq('user_id', owner.id)).data).toEqual([]);
    expect((await other.client.rpc('get_league_round_picks', { league_id: l, quiniela_id: r.quiniela_id })).data).toEqual([]);
    // What the liga shows before the deadline is who still has to pick, never what anyone picked.
    expect((await other.client.rpc('get_league_missing_picks', { league_id: l, quiniela_id: r.quiniela_id })).data!.map((m) => m.user_id).sort())
      .toEqual([owner.id, other.id].sort());
    await q(`update public.quinielas set deadline = now() - interval '1 second' where id = $1`, [r.quiniela_id]);
    expect((await other.client.rpc('get_league_round_picks', { league_id: l, quiniela_id: r.quiniela_id })).data!.map((p) => [p.user_id, p.result]))
      .toEqual([[owner.id, 'Local']]);
    expect((await other.client.from('picks').select('result').eq('user_id', owner.id)).data).toEqual([]);
  });

  it('lets a player see his own admin membership and edit only his own profile columns', async () => {
    expect((await admin.client.from('admins').select('id').eq('id', admin.id)).data).toEqual([{ id: admin.id }]);
    const owner = await createPlayer();
    const code = await owner.client.from('profiles').update({ referral_code: 'ROBADO22' }).eq('id', owner.id);
    expect(code.error?.code).toBe('42501');
  });
});
