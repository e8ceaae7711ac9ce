// Writes supabase/seed.sql, public/crests/ and public/blog/ from the data in this folder.
// Run after editing any of them:  npx tsx supabase/seed/generate.ts
//
// Everything random here comes from a fixed-seed generator, so the output is byte-identical
// on every run. Only the calendar is left to SQL: rounds, kickoffs and Boost games are placed
// relative to now() in America/Mexico_City when seed.sql runs, so the demo is always live.
import bcrypt from 'bcryptjs';
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { posts, writeBanners } from './blog.ts';
import { FIXTURE_ID_BASE, providerTeamId } from '../local/football/data.ts';
import { clubBySlug, clubs, type Club } from './clubs.ts';
import { writeCrests } from './crests.ts';
import { accounts, ADMIN_PASSWORD, PLAYER_PASSWORD, players, type SeedPlayer } from './players.ts';

const SEED_SQL = resolve(import.meta.dirname, '..', 'seed.sql');
/** The open round's fixtures, for the local API-Football (supabase/local/football/data.ts). */
const WEEK_JSON = resolve(import.meta.dirname, '..', 'local', 'football', 'week.json');

/** A post's date, or days before the seed ran when the clock is earlier than that (a test run
 * moved into the past, npm run test:calendar): published either way, newest last as written. */
function publishedAt(post: (typeof posts)[number]): string {
  const newer = posts.filter((other) => other.publishedAt > post.publishedAt).length;
  return `least(${q(post.publishedAt)}::timestamptz, now() - interval '${(newer + 1) * 10} days')`;
}

/** Rounds 1–13 are finalized history (one a week), round 14 is this week's open round. */
export const ROUNDS = 14;
export const OPEN_ROUND = 14;
const MATCHES_PER_ROUND = 12;
/** Boost games: one a day from 84 days ago (id 1) to tomorrow (id 86). */
const BOOST_FIRST_DAY = -84;
const BOOST_LAST_DAY = 1;

// mulberry32: small, fast, and the same sequence on every machine.
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pickOf: <T,>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
    shuffle: <T,>(xs: T[]) => {
      for (let i = xs.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [xs[i], xs[j]] = [xs[j], xs[i]];
      }
      return xs;
    },
  };
}
const random = rng(20251120);

const q = (s: string | null | undefined) => (s == null ? 'null' : `'${s.replace(/'/g, "''")}'`);
type Result = 'Local' | 'Empate' | 'Visita';
const RESULTS: Result[] = ['Local', 'Empate', 'Visita'];

function weightedResult(): Result {
  const r = random.next();
  return r < 0.46 ? 'Local' : r < 0.73 ? 'Empate' : 'Visita';
}

// ---------------------------------------------------------------- accounts

/** A deterministic bcrypt salt per account, so seed.sql does not change between generations. */
function passwordHash(a: SeedPlayer): string {
  const bytes = [...createHash('sha256').update(`quinielazo-seed:${a.email}`).digest().subarray(0, 16)];
  const salt = `$2a$10$${bcrypt.encodeBase64(bytes, 16)}`;
  return bcrypt.hashSync(a.admin ? ADMIN_PASSWORD : PLAYER_PASSWORD, salt);
}

/** Referral codes in the migration's alphabet (8 base32 characters), fixed per account. */
function referralCode(a: SeedPlayer): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const digest = createHash('sha256').update(`referral:${a.email}`).digest();
  return [...digest.subarray(0, 8)].map((b) => alphabet[b % 32]).join('');
}

// ---------------------------------------------------------------- fixtures

interface Match {
  id: number;
  round: number;
  order: number;
  home: Club;
  away: Club;
  kickoffMinutes: number;
  result: Result | null;
  special: number;
  underdogPoints: number;
  underdogSide: Result | null;
}

/** Liga MX round robin (circle method) so weekly fixtures look like real jornadas. */
function ligaMxJornadas(): [Club, Club][][] {
  const teams = clubs.filter((c) => c.league === 'Liga MX');
  const n = teams.length;
  const rotation = teams.slice(1);
  const jornadas: [Club, Club][][] = [];
  for (let j = 0; j < n - 1; j++) {
    const circle = [teams[0], ...rotation];
    const pairs: [Club, Club][] = [];
    for (let i = 0; i < n / 2; i++) {
      const a = circle[i];
      const b = circle[n - 1 - i];
      pairs.push((i + j) % 2 === 0 ? [a, b] : [b, a]);
    }
    jornadas.push(pairs);
    rotation.unshift(rotation.pop()!);
  }
  return jornadas;
}

const EUROPE = ['Premier League', 'La Liga', 'Bundesliga', 'Serie A', 'Ligue 1', 'MLS'] as const;
// Minutes after the deadline (Saturday 18:00): Saturday evening, then Sunday.
const KICKOFFS = [60, 60, 180, 185, 1020, 1080, 1140, 1200, 1260, 1320, 1440, 1560];

function buildMatches(): Match[] {
  const jornadas = ligaMxJornadas();
  const matches: Match[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const pairs: [Club, Club][] = random.shuffle([...jornadas[(round + 2) % jornadas.length]]).slice(0, 9);
    // Three matches from abroad, rotating leagues.
    for (let k = 0; k < 3; k++) {
      const league = EUROPE[(round * 3 + k) % EUROPE.length];
      const pool = random.shuffle(clubs.filter((c) => c.league === league));
      pairs.push([pool[0], pool[1]]);
    }
    const specialOrder = 1 + random.int(MATCHES_PER_ROUND);
    let underdogOrder = 1 + random.int(MATCHES_PER_ROUND);
    if (underdogOrder === specialOrder) underdogOrder = (underdogOrder % MATCHES_PER_ROUND) + 1;
    pairs.forEach(([home, away], i) => {
      const order = i + 1;
      const underdog = order === underdogOrder;
      let result: Result | null = round === OPEN_ROUND ? null : weightedResult();
      // Roughly one underdog in three comes through, so the bonus shows up in the history.
      if (underdog && result !== null) result = random.next() < 0.35 ? 'Visita' : random.next() < 0.6 ? 'Local' : 'Empate';
      matches.push({
        id: (round - 1) * MATCHES_PER_ROUND + order,
        round,
        order,
        home,
        away,
        kickoffMinutes: KICKOFFS[i],
        result,
        special: order === specialOrder ? 5 : 0,
        underdogPoints: underdog ? 3 : 0,
        underdogSide: underdog ? 'Visita' : null,
      });
    });
  }
  return matches;
}

// ---------------------------------------------------------------- picks

interface PickRow { player: number; matchId: number; result: Result; }

function buildPicks(matches: Match[]): PickRow[] {
  const picks: PickRow[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const roundMatches = matches.filter((m) => m.round === round);
    for (const p of players) {
      if (round < p.joinRound) continue;
      const plays = round === p.joinRound || random.next() < p.attendance;
      // The open round: about half the players have already picked.
      if (!plays || (round === OPEN_ROUND && p.n % 2 === 0 && p.joinRound !== OPEN_ROUND)) continue;
      for (const m of roundMatches) {
        let result: Result;
        if (m.result && random.next() < p.skill) result = m.result;
        else if (m.underdogSide && random.next() < 0.75) result = 'Local'; // most back the favourite
        else result = m.result ? random.pickOf(RESULTS.filter((r) => r !== m.result)) : weightedResult();
        picks.push({ player: p.n, matchId: m.id, result });
      }
    }
  }
  return picks;
}

// ---------------------------------------------------------------- Boost

interface BoostGame {
  id: number;
  day: number;
  type: 'match' | 'exactscore' | 'yesno' | 'overunder';
  question: string;
  answer: string | null;
  points: number;
  metadata: Record<string, number | string>;
}

function boostAnswers(g: Pick<BoostGame, 'type'>): string[] {
  switch (g.type) {
    case 'match': return ['Local', 'Empate', 'Visita'];
    case 'yesno': return ['Sí', 'No'];
    case 'overunder': return ['Más', 'Menos'];
    case 'exactscore': return ['1-0', '2-1', '1-1', '0-0', '2-0', '0-1', '1-2', '2-2', '3-1'];
  }
}

function buildBoost(): BoostGame[] {
  const games: BoostGame[] = [];
  const big = ['club-america', 'guadalajara', 'cruz-azul', 'pumas-unam', 'monterrey', 'tigres-uanl', 'toluca', 'pachuca', 'leon', 'real-madrid', 'barcelona', 'manchester-city', 'liverpool', 'bayern-munchen', 'inter', 'paris-saint-germain'];
  const types: BoostGame['type'][] = ['match', 'yesno', 'overunder', 'exactscore'];
  for (let day = BOOST_FIRST_DAY; day <= BOOST_LAST_DAY; day++) {
    const id = day - BOOST_FIRST_DAY + 1;
    const type = types[(id - 1) % types.length];
    const [a, b] = random.shuffle([...big]).slice(0, 2).map(clubBySlug);
    const closed = day < 0;
    let question: string;
    let metadata: Record<string, number | string>;
    let points = 2;
    switch (type) {
      case 'match':
        question = `¿Quién gana el ${a.shortName} vs ${b.shortName}?`;
        metadata = { home_team_id: a.id, away_team_id: b.id };
        break;
      case 'exactscore':
        question = `Marcador exacto: ${a.shortName} vs ${b.shortName}`;
        metadata = { home_team_id: a.id, away_team_id: b.id };
        points = 5;
        break;
      case 'yesno':
        question = random.pickOf([
          `¿Anotarán ambos equipos en el ${a.shortName} vs ${b.shortName}?`,
          `¿Habrá penal en el ${a.shortName} vs ${b.shortName}?`,
          `¿${a.shortName} anotará en el primer tiempo contra ${b.shortName}?`,
        ]);
        metadata = { team1_id: a.id, team2_id: b.id };
        break;
      case 'overunder':
        question = `¿Más o menos de 2.5 goles en el ${a.shortName} vs ${b.shortName}?`;
        metadata = { team1_id: a.id, team2_id: b.id };
        break;
    }
    const answer = closed ? random.pickOf(boostAnswers({ type })) : null;
    games.push({ id, day, type, question, answer, points, metadata });
  }
  return games;
}

function buildBoostPicks(games: BoostGame[]): { player: number; gameId: number; answer: string }[] {
  const picks: { player: number; gameId: number; answer: string }[] = [];
  for (const g of games) {
    for (const p of players) {
      // Joined roughly when their first round was: 7 days per round before round 14.
      const joinedDay = -7 * (OPEN_ROUND - p.joinRound) - 5;
      if (g.day < joinedDay) continue;
      const chance = g.day === BOOST_LAST_DAY ? 0.2 : g.day === 0 ? 0.5 : p.attendance * 0.8;
      if (random.next() >= chance) continue;
      const options = boostAnswers(g);
      const answer = g.answer && random.next() < p.skill * (g.type === 'exactscore' ? 0.4 : 0.9) ? g.answer : random.pickOf(options);
      picks.push({ player: p.n, gameId: g.id, answer });
    }
  }
  return picks;
}

// ---------------------------------------------------------------- SQL

/** The open round's matches as the football stand-in's fixtures (ids FIXTURE_ID_BASE + match id). */
function weekJson(): string {
  const open = buildMatchesOnce().filter((m) => m.round === OPEN_ROUND);
  return JSON.stringify(open.map((m) => ({ matchId: m.id, fixtureId: FIXTURE_ID_BASE + m.id, order: m.order, homeClubId: m.home.id, awayClubId: m.away.id, kickoffMinutes: m.kickoffMinutes })), null, 1) + '\n';
}

// buildMatches draws from the one generator: built once, shared by seed.sql and week.json.
let built: Match[] | undefined;
const buildMatchesOnce = () => (built ??= buildMatches());

function sql(): string {
  const matches = buildMatchesOnce();
  const picks = buildPicks(matches);
  const boost = buildBoost();
  const boostPicks = buildBoostPicks(boost);
  const byEmail = new Map(accounts.map((a) => [a.email, a]));
  const out: string[] = [];
  const emit = (s: string) => out.push(s.trim() + '\n');
  const values = (rows: string[]) => rows.join(',\n  ');

  emit(`-- Quinielazo demo data. GENERATED by supabase/seed/generate.ts: edit the sources there and
-- re-run \`npx tsx supabase/seed/generate.ts\`. See docs/seed.md.
--
-- Deterministic and re-runnable: fixed ids, upserts, no random() — running it twice leaves
-- the same rows. The calendar is relative to now() in America/Mexico_City: 13 finalized weekly
-- rounds (Saturdays 18:00, hora del Centro) and this week's open round closing at least two
-- days ahead, Boost games from 84 days ago to tomorrow.
begin;`);

  // ---- clubs
  emit(`-- Clubs of every league the settings screen filters by; crests in public/crests/.
-- provider_team_id: the team in the football feed (the local API-Football's ids, docs/local-football.md).
insert into public.clubs (id, name, short_name, logo_url, league, provider_team_id) values
  ${values(clubs.map((c) => `(${c.id}, ${q(c.name)}, ${q(c.shortName)}, ${q(c.logoUrl)}, ${q(c.league)}, ${providerTeamId(c)})`))}
on conflict (id) do update set name = excluded.name, short_name = excluded.short_name, logo_url = excluded.logo_url, league = excluded.league,
  provider_team_id = excluded.provider_team_id;
select setval(pg_get_serial_sequence('public.clubs', 'id'), (select max(id) from public.clubs));`);

  // ---- accounts
  emit(`-- Accounts: confirmed auth users; the sign-up trigger creates their profiles and preferences.
create temporary table seed_accounts (
  n int primary key, id uuid not null, email text not null, username text not null, password_hash text not null,
  favorite_club_id bigint, referral_code text not null, referrer_email text, newsletter boolean not null,
  is_admin boolean not null, joined_days_ago int not null
) on commit drop;
insert into seed_accounts values
  ${values(accounts.map((a) => `(${a.n}, ${q(a.id)}, ${q(a.email)}, ${q(a.username)}, ${q(passwordHash(a))}, ${a.club ? clubBySlug(a.club).id : 'null'}, ${q(referralCode(a))}, ${q(a.referredBy)}, ${a.newsletter}, ${a.admin}, ${a.admin ? 120 : 7 * (OPEN_ROUND - a.joinRound) + 5})`))};

insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email, password_hash,
       now() - make_interval(days => joined_days_ago),
       '{"provider": "email", "providers": ["email"]}'::jsonb,
       jsonb_build_object('username', username, 'newsletter_opt_in', newsletter),
       now() - make_interval(days => joined_days_ago), now() - make_interval(days => joined_days_ago)
from seed_accounts
on conflict (id) do update set encrypted_password = excluded.encrypted_password, email = excluded.email;

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select id::text, id, jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true, 'phone_verified', false), 'email',
       now() - make_interval(days => joined_days_ago), now() - make_interval(days => joined_days_ago)
from seed_accounts
on conflict (provider_id, provider) do nothing;

-- The trigger may have numbered a username taken by someone else; the seed's own names win
-- only when free. Codes and referrers are fixed so links and tests can name them.
update public.profiles p
set favorite_club_id = s.favorite_club_id,
    referral_code = s.referral_code,
    referred_by = r.id,
    newsletter_opt_in = s.newsletter,
    created_at = now() - make_interval(days => s.joined_days_ago)
from seed_accounts s
left join seed_accounts r on r.email = s.referrer_email
where p.id = s.id;

insert into public.notification_preferences (user_id)
select id from seed_accounts on conflict (user_id) do nothing;

-- The demo players joined weeks ago: no welcome e-mail for them (queued with their profiles).
delete from public.notification_outbox where kind = 'welcome' and user_id in (select id from seed_accounts);

insert into public.admins (id) select id from seed_accounts where is_admin on conflict (id) do nothing;`);

  // ---- calendar
  emit(`-- The calendar. History ends on the last Saturday at least two days ago (so its Sunday
-- matches are over); the open round closes on the first Saturday at least two days ahead.
create temporary table seed_clock on commit drop as
select today,
       (today - 2) - ((extract(isodow from today - 2)::int + 1) % 7) as last_closed_saturday,
       (today + 2) + ((13 - extract(isodow from today + 2)::int) % 7) as open_saturday
from (select (now() at time zone 'America/Mexico_City')::date as today) t;

create temporary table seed_rounds on commit drop as
with days as (
  select n as id,
         case when n = ${OPEN_ROUND} then c.open_saturday else c.last_closed_saturday - 7 * (${OPEN_ROUND - 1} - n) end as day
  from seed_clock c, generate_series(1, ${ROUNDS}) n
)
select id, day,
       (day + time '18:00') at time zone 'America/Mexico_City' as deadline,
       id < ${OPEN_ROUND} as finalized,
       date_trunc('month', day)::date as month_start,
       extract(month from day) <> extract(month from coalesce(lead(day) over (order by id), day + 7)) as is_last_of_month,
       extract(week from day)::int as week
from days;

insert into public.quinielas (id, name, week, deadline, results_saved, is_last_of_month, created_at)
select id,
       -- The week is its own column (the admin's screens show it beside the name), so not in the name.
       'Quiniela del ' || extract(day from day) || ' de '
         || (array['enero','febrero','marzo','abril','mayo','junio','julio','agosto','septiembre','octubre','noviembre','diciembre'])[extract(month from day)],
       week, deadline, finalized, is_last_of_month, deadline - interval '6 days'
from seed_rounds
on conflict (id) do update set name = excluded.name, week = excluded.week, deadline = excluded.deadline,
  results_saved = excluded.results_saved, is_last_of_month = excluded.is_last_of_month, created_at = excluded.created_at;
select setval(pg_get_serial_sequence('public.quinielas', 'id'), (select max(id) from public.quinielas));`);

  // ---- matches
  emit(`-- 12 matches a round: a Liga MX jornada plus three from abroad; one special pick (+5) and one
-- underdog (+3 if the visitor wins) each round. The open round follows the football feed's
-- fixtures (the local API-Football seeds the same week: supabase/local/football/week.json).
insert into public.matches (id, quiniela_id, match_order, home_team, away_team, home_club_id, away_club_id, kickoff_at,
                            correct_result, special_bonus_points, underdog_bonus_points, underdog_bonus_side, provider_fixture_id)
select m.id, m.round, m.ord, h.short_name, a.short_name, h.id, a.id, r.deadline + make_interval(mins => m.kickoff_minutes),
       m.result, m.special, m.underdog_points, m.underdog_side,
       case when m.round = ${OPEN_ROUND} then ${FIXTURE_ID_BASE} + m.id end
from (values
  ${values(matches.map((m) => `(${m.id}, ${m.round}, ${m.order}, ${m.home.id}, ${m.away.id}, ${m.kickoffMinutes}, ${q(m.result)}, ${m.special}, ${m.underdogPoints}, ${q(m.underdogSide)})`))}
) as m(id, round, ord, home_id, away_id, kickoff_minutes, result, special, underdog_points, underdog_side)
join seed_rounds r on r.id = m.round
join public.clubs h on h.id = m.home_id
join public.clubs a on a.id = m.away_id
on conflict (id) do update set quiniela_id = excluded.quiniela_id, match_order = excluded.match_order,
  home_team = excluded.home_team, away_team = excluded.away_team, home_club_id = excluded.home_club_id,
  away_club_id = excluded.away_club_id, kickoff_at = excluded.kickoff_at, correct_result = excluded.correct_result,
  special_bonus_points = excluded.special_bonus_points, underdog_bonus_points = excluded.underdog_bonus_points,
  underdog_bonus_side = excluded.underdog_bonus_side, provider_fixture_id = excluded.provider_fixture_id;
select setval(pg_get_serial_sequence('public.matches', 'id'), (select max(id) from public.matches));`);

  // ---- picks
  const code = (r: Result) => r[0];
  emit(`-- Picks (L/E/V per player number and match). The seed runs as superuser, so the open-round
-- rule of the picks policies does not apply to the history it writes.
insert into public.picks (user_id, match_id, quiniela_id, result, created_at, updated_at)
select s.id, p.match_id, m.quiniela_id,
       case p.r when 'L' then 'Local' when 'E' then 'Empate' else 'Visita' end,
       least(r.deadline - interval '1 day' + make_interval(mins => (s.n * 37) % 1400), now()),
       least(r.deadline - interval '1 day' + make_interval(mins => (s.n * 37) % 1400), now())
from (values
  ${picks.map((p) => `(${p.player},${p.matchId},'${code(p.result)}')`).join(',')}
) as p(player, match_id, r)
join seed_accounts s on s.n = p.player
join public.matches m on m.id = p.match_id
join seed_rounds r on r.id = m.quiniela_id
on conflict (user_id, match_id) do update set result = excluded.result, quiniela_id = excluded.quiniela_id,
  created_at = excluded.created_at, updated_at = excluded.updated_at;`);

  // ---- scores
  emit(`-- Referrals: one row per referred player; whether and when the +3 is awarded is decided by
-- public.score_round below (the one scoring implementation), which fills awarded_points,
-- month_awarded and referral_used.
insert into public.referral_tracking (referrer_id, referred_id, awarded_points, month_awarded, referral_used, created_at)
select f.referred_by, f.id, 0, null, false, f.created_at
from public.profiles f
join seed_accounts s on s.id = f.id
where f.referred_by is not null
on conflict (referred_id) do update set referrer_id = excluded.referrer_id, created_at = excluded.created_at;

-- Scores of the finalized rounds, by the game's own scoring function (docs/product.md#scoring: table
-- points, ×1.5 half up on the last round of the month, special pick, underdog, streak, full
-- month, welcome, referrals), oldest round first.
select public.score_round(id) from seed_rounds where finalized order by deadline, id;`);

  // ---- Boost
  emit(`-- Boost: one game a day from 84 days ago to tomorrow; answers are 'Local'/'Empate'/'Visita',
-- 'Sí'/'No', 'Más'/'Menos' or an exact score 'home-away'. Today's and tomorrow's are open.
insert into public.daily_games (id, game_date, lock_date, game_type, question, correct_answer, points, metadata, created_at)
select g.id, c.today + g.day, ((c.today + g.day) + time '23:59') at time zone 'America/Mexico_City',
       g.game_type, g.question, g.answer, g.points, g.metadata::jsonb,
       ((c.today + g.day - 1) + time '09:00') at time zone 'America/Mexico_City'
from (values
  ${values(boost.map((g) => `(${g.id}, ${g.day}, ${q(g.type)}, ${q(g.question)}, ${q(g.answer)}, ${g.points}, ${q(JSON.stringify(g.metadata))})`))}
) as g(id, day, game_type, question, answer, points, metadata)
cross join seed_clock c
on conflict (id) do update set game_date = excluded.game_date, lock_date = excluded.lock_date, game_type = excluded.game_type,
  question = excluded.question, correct_answer = excluded.correct_answer, points = excluded.points,
  metadata = excluded.metadata, created_at = excluded.created_at;
select setval(pg_get_serial_sequence('public.daily_games', 'id'), (select max(id) from public.daily_games));

insert into public.daily_game_picks (user_id, daily_game_id, answer, created_at, updated_at)
select s.id, p.game_id, p.answer, least(g.created_at + make_interval(mins => (s.n * 53) % 600), now()),
       least(g.created_at + make_interval(mins => (s.n * 53) % 600), now())
from (values
  ${boostPicks.map((p) => `(${p.player},${p.gameId},${q(p.answer)})`).join(',')}
) as p(player, game_id, answer)
join seed_accounts s on s.n = p.player
join public.daily_games g on g.id = p.game_id
on conflict (user_id, daily_game_id) do update set answer = excluded.answer, created_at = excluded.created_at,
  updated_at = excluded.updated_at;

-- Scores of the locked games with an answer, by the game's own referee.
select public.score_daily_game(g.id) from public.daily_games g
where g.id <= ${BOOST_LAST_DAY - BOOST_FIRST_DAY + 1} and g.correct_answer is not null and g.lock_date <= now()
order by g.id;`);

  // ---- rank snapshots
  emit(`-- Monthly rank snapshots for the months before the current one (rank change arrows).
with months as (
  select distinct month_start from seed_rounds
  where finalized and month_start < date_trunc('month', (select today from seed_clock))::date
), weekly as (
  select sc.user_id, r.month_start, sum(sc.points) as points
  from public.scores sc join seed_rounds r on r.id = sc.quiniela_id
  group by 1, 2
), daily as (
  select ds.user_id, date_trunc('month', g.game_date)::date as month_start, sum(ds.points) as points
  from public.daily_scores ds join public.daily_games g on g.id = ds.daily_game_id
  group by 1, 2
), totals as (
  select s.id as user_id, mo.month_start, coalesce(w.points, 0) as weekly, coalesce(d.points, 0) as daily
  from months mo
  cross join seed_accounts s
  left join weekly w on w.user_id = s.id and w.month_start = mo.month_start
  left join daily d on d.user_id = s.id and d.month_start = mo.month_start
  where w.points is not null or d.points is not null
)
insert into public.rank_snapshots (user_id, year, month, rank_total, rank_weekly, rank_daily)
select user_id, extract(year from month_start)::int, extract(month from month_start)::int,
       rank() over (partition by month_start order by weekly + daily desc),
       rank() over (partition by month_start order by weekly desc),
       rank() over (partition by month_start order by daily desc)
from totals
on conflict (user_id, year, month) do update set rank_total = excluded.rank_total, rank_weekly = excluded.rank_weekly,
  rank_daily = excluded.rank_daily;`);

  // ---- blog
  emit(`-- Blog posts (banners in public/blog/).
insert into public.blog_posts (slug, title, category, excerpt, banner_url, body_html, published_at) values
  ${values(posts.map((p) => `(${q(p.slug)}, ${q(p.title)}, ${q(p.category)}, ${q(p.excerpt)}, ${q(p.bannerUrl)},\n   ${q(p.bodyHtml)},\n   ${publishedAt(p)})`))}
on conflict (slug) do update set title = excluded.title, category = excluded.category, excerpt = excluded.excerpt,
  banner_url = excluded.banner_url, body_html = excluded.body_html, published_at = excluded.published_at;`);

  // ---- poll
  const pollOptions = ['América', 'Toluca', 'Tigres', 'Cruz Azul'];
  const voters = players.filter((p) => p.n % 5 !== 0 && p.joinRound < OPEN_ROUND).slice(0, 12);
  const texts: Record<number, string> = {
    3: 'Ojalá que Rayados, pero veo muy fuerte al Toluca.',
    7: 'Toluca bicampeón, ni duda.',
    11: 'Este torneo sí se le hace a la Máquina.',
  };
  emit(`-- The active poll and some votes.
insert into public.polls (id, question, kind, options, allow_text, is_active, created_at)
-- The tournament being played when the seed runs: the Clausura from January to June, the Apertura after.
values (1, (select '¿Quién será el campeón del ' || case when extract(month from d) <= 6 then 'Clausura ' else 'Apertura ' end || extract(year from d) || '?'
            from (select (now() at time zone 'America/Mexico_City')::date as d) today), 'choice', ${q(`{${pollOptions.map((o) => `"${o}"`).join(',')}}`)}, true, true, now() - interval '10 days')
on conflict (id) do update set question = excluded.question, kind = excluded.kind, options = excluded.options,
  allow_text = excluded.allow_text, is_active = excluded.is_active, created_at = excluded.created_at;
select setval(pg_get_serial_sequence('public.polls', 'id'), (select max(id) from public.polls));

insert into public.poll_votes (id, poll_id, user_id, option, text_answer, created_at)
select v.id, 1, s.id, v.option, v.text_answer, now() - make_interval(hours => v.hours_ago)
from (values
  ${values(voters.map((p, i) => `(${i + 1}, ${p.n}, ${q(pollOptions[(p.n * 7) % pollOptions.length])}, ${q(texts[p.n])}, ${(i * 17) % 200 + 2})`))}
) as v(id, player, option, text_answer, hours_ago)
join seed_accounts s on s.n = v.player
on conflict (id) do update set poll_id = excluded.poll_id, user_id = excluded.user_id, option = excluded.option,
  text_answer = excluded.text_answer, created_at = excluded.created_at;
select setval(pg_get_serial_sequence('public.poll_votes', 'id'), (select max(id) from public.poll_votes));`);

  // ---- Pro
  // The open round's purchases go through the webhook's referee (record_pro_payment), as real ones
  // do; the last finalized round's are placed directly, its entries playing the owners' free picks.
  const LAST_ROUND = OPEN_ROUND - 1;
  const openBuys: [number, 'single' | 'triple'][] = [
    [1, 'triple'],
    [3, 'single'],
    [5, 'single'],
    [7, 'triple'],
  ];
  const lastBuys: [number, 'single' | 'triple'][] = [
    [1, 'single'],
    [3, 'triple'],
    [4, 'single'],
    [9, 'single'],
  ];
  emit(`-- Pro: 18+ confirmations, paid entries of the open round (through the referee) and of the
-- last finalized round (placed directly, with the owners' free picks as their Pro picks).
update public.profiles set adult_confirmed_at = now() - interval '30 days'
where id in (select id from seed_accounts where n in (${[...new Set([...openBuys, ...lastBuys].map(([n]) => n))].join(', ')}));
insert into public.pro_checkouts (id, user_id, quiniela_id, pack_type, price_mxn, preference_id, created_at)
select ('5eed0000-0000-4000-8000-' || lpad(to_hex(b.i), 12, '0'))::uuid, s.id, ${OPEN_ROUND}, b.pack, k.price_mxn, 'seed-pref-' || b.i, now() - make_interval(hours => b.i)
from (values ${openBuys.map(([n, pack], i) => `(${i + 1}, ${n}, ${q(pack)})`).join(', ')}) as b(i, player, pack)
join seed_accounts s on s.n = b.player
join public.pro_packs k on k.pack_type = b.pack
on conflict (id) do nothing;
select public.record_pro_payment('seed-' || b.i, 'approved', k.price_mxn, 'MXN', ('5eed0000-0000-4000-8000-' || lpad(to_hex(b.i), 12, '0')))
from (values ${openBuys.map(([, pack], i) => `(${i + 1}, ${q(pack)})`).join(', ')}) as b(i, pack)
join public.pro_packs k on k.pack_type = b.pack;
with buys as (
  select b.i, s.id as user_id, k.pack_type, k.price_mxn, k.pool_mxn, k.entries
  from (values ${lastBuys.map(([n, pack], i) => `(${i + 101}, ${n}, ${q(pack)})`).join(', ')}) as b(i, player, pack)
  join seed_accounts s on s.n = b.player
  join public.pro_packs k on k.pack_type = b.pack
), paid as (
  insert into public.payments (provider_payment_id, user_id, quiniela_id, pack_type, status, amount_mxn, currency, outcome, pool_mxn, created_at, credited_at)
  select 'seed-' || b.i, b.user_id, ${LAST_ROUND}, b.pack_type, 'approved', b.price_mxn, 'MXN', 'credited', b.pool_mxn, now() - interval '9 days', now() - interval '9 days'
  from buys b
  on conflict (provider, provider_payment_id) do nothing
  returning id, user_id, pack_type
)
insert into public.paid_entries (quiniela_id, user_id, label, payment_id, created_at)
select ${LAST_ROUND}, p.user_id, 'Entrada ' || e.n, p.id, now() - interval '9 days'
from paid p join public.pro_packs k on k.pack_type = p.pack_type, generate_series(1, k.entries) e(n);
insert into public.paid_picks (paid_entry_id, quiniela_id, match_id, result)
select e.id, e.quiniela_id, k.match_id, k.result
from public.paid_entries e join public.picks k on k.user_id = e.user_id and k.quiniela_id = e.quiniela_id
where e.quiniela_id = ${LAST_ROUND}
on conflict do nothing;`);

  // ---- chat
  const chat: [number, string, number][] = [
    [7, '¿Quién más va con el local en el clásico? Yo no me la juego con el empate esta vez.', 50],
    [1, 'Yo voy con las Águilas, como siempre 🦅', 47],
    [4, 'El partido sorpresa de esta semana huele a campanazo, ojo ahí.', 30],
    [3, 'Ya quedó mi quiniela. ¡A cuidar la racha!', 12],
    [18, 'Suerte a todos, nos vemos en la tabla 🇲🇽', 3],
  ];
  emit(`-- A few chat messages in the open round.
insert into public.chat_messages (id, quiniela_id, user_id, message, created_at)
select c.id, ${OPEN_ROUND}, s.id, c.message, now() - make_interval(hours => c.hours_ago)
from (values
  ${values(chat.map(([player, message, hoursAgo], i) => `(${i + 1}, ${player}, ${q(message)}, ${hoursAgo})`))}
) as c(id, player, message, hours_ago)
join seed_accounts s on s.n = c.player
on conflict (id) do update set quiniela_id = excluded.quiniela_id, user_id = excluded.user_id, message = excluded.message,
  created_at = excluded.created_at;
select setval(pg_get_serial_sequence('public.chat_messages', 'id'), (select max(id) from public.chat_messages));`);

  // ---- ligas
  const ligas: [string, string, string, string, number[]][] = [
    ['5eed1ea9-0000-4000-8000-000000000001', 'Oficina', 'CHAMBA26', 'El último de la tabla paga los tacos del viernes', [1, 3, 4, 5, 6, 7, 8, 9]],
    ['5eed1ea9-0000-4000-8000-000000000002', 'Familia', 'PRYMAS28', 'Quien gane el mes escoge la comida del domingo', [2, 11, 12, 13, 17]],
  ];
  emit(`-- Two demo ligas (docs/seed.md): the first player listed owns each; members joined a day apart.
insert into public.leagues (id, name, prize_note, code, owner_id, created_by, created_at)
select l.id::uuid, l.name, l.prize_note, l.code, s.id, s.id, now() - interval '30 days'
from (values
  ${values(ligas.map(([id, name, code, prize, who]) => `(${q(id)}, ${q(name)}, ${q(prize)}, ${q(code)}, ${who[0]})`))}
) as l(id, name, prize_note, code, owner)
join seed_accounts s on s.n = l.owner
on conflict (id) do update set name = excluded.name, prize_note = excluded.prize_note, code = excluded.code,
  owner_id = excluded.owner_id, created_at = excluded.created_at;
insert into public.league_members (league_id, user_id, joined_at)
select m.league_id::uuid, s.id, now() - interval '30 days' + make_interval(days => m.ord)
from (values
  ${values(ligas.flatMap(([id, , , , who]) => who.map((n, i) => `(${q(id)}, ${n}, ${i})`)))}
) as m(league_id, player, ord)
join seed_accounts s on s.n = m.player
on conflict (league_id, user_id) do update set joined_at = excluded.joined_at;

commit;`);

  if (byEmail.size !== accounts.length) throw new Error('duplicate seed e-mail');
  return out.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('generate.ts')) {
  await writeFile(SEED_SQL, sql());
  await writeFile(WEEK_JSON, weekJson());
  const crests = await writeCrests();
  const banners = await writeBanners();
  console.log(`wrote ${join('supabase', 'seed.sql')}, ${crests} crests, ${banners} banners`);
}
