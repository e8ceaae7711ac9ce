// Who may call each function of schema public, read live from the catalog: visitors (anon),
// players and admins (authenticated; admin-only functions check is_admin() inside, tested in
// their own files), and the service role. A new function fails here until it is given a line
// in ALLOWED, so nobody exposes one by accident (PostgREST serves every executable function of
// public as /rpc/<name>). Views are held the same way.
import { afterAll, expect, it } from 'vitest';
import { db } from '../support/clients.ts';

type Callers = 'none' | 'anon' | 'authenticated' | 'anon authenticated';

// Every public function by signature → who besides the service role may execute it.
// 'none': triggers, the referee's internals and jobs (the scheduler runs as the owner).
const ALLOWED: Record<string, Callers> = {
  'admin_analytics_30d(date)': 'authenticated',
  'admin_create_round(text,integer,timestamp with time zone,boolean,jsonb)': 'authenticated',
  'admin_daily_games(integer)': 'authenticated',
  'bonuses_for(date)': 'anon authenticated',
  'check_chat_message()': 'none',
  'check_daily_game_answer()': 'none',
  'check_daily_game_pick()': 'none',
  'check_username(text)': 'anon authenticated',
  'claim_notifications(integer,bigint[])': 'none',
  'complete_notifications(jsonb,jsonb)': 'none',
  'finalize_preview(bigint)': 'authenticated',
  'find_player(text)': 'authenticated',
  'get_friends_leaderboard(integer,integer)': 'authenticated',
  'get_home_stats()': 'anon authenticated',
  'get_leaderboard_months()': 'anon authenticated',
  'get_monthly_leaderboard(integer,integer,integer,uuid,text)': 'anon authenticated',
  'get_monthly_prizes(integer,integer)': 'anon authenticated',
  'get_my_daily_games(date)': 'authenticated',
  'get_my_referral_stats()': 'authenticated',
  'get_my_round_receipt(bigint)': 'authenticated',
  'get_poll_results(bigint)': 'authenticated',
  'get_rank_history(uuid,integer,integer)': 'anon authenticated',
  'get_rank_history_compare(integer,integer)': 'authenticated',
  'get_round_prizes(bigint)': 'none',
  'get_round_seal(bigint)': 'anon authenticated',
  'get_user_daily_scores_by_month(uuid,integer,integer)': 'anon authenticated',
  'get_user_scores_by_month(uuid,integer,integer)': 'anon authenticated',
  'get_vote_stats(bigint)': 'anon authenticated',
  'handle_confirmed_user()': 'none',
  'hook_before_user_created(jsonb)': 'none',
  'is_admin()': 'anon authenticated',
  'limit_activity_logs()': 'none',
  'skip_stored_activity()': 'none',
  'limit_chat_rate()': 'none',
  'invisible_characters()': 'anon authenticated',
  'mx_instant(timestamp without time zone)': 'anon authenticated',
  'mx_month_start(integer,integer)': 'anon authenticated',
  'mx_time(timestamp with time zone)': 'anon authenticated',
  'new_referral_code()': 'none',
  'normalize_daily_answer(text,text)': 'anon authenticated',
  'normalize_profile_username()': 'none',
  'normalize_username(text)': 'authenticated',
  'points_table_for(date)': 'anon authenticated',
  'prize_share(text,integer,integer,date)': 'anon authenticated',
  'prizes_for(date)': 'anon authenticated',
  'profile(scores)': 'none',
  'queue_blog_notices(timestamp with time zone)': 'none',
  'queue_boost_reminders(timestamp with time zone)': 'none',
  'queue_deadline_reminders(timestamp with time zone)': 'none',
  'queue_manual_reminder(bigint)': 'none',
  'run_finalization_step(uuid,text)': 'none',
  'queue_new_round_notices(timestamp with time zone)': 'none',
  'queue_notifications(timestamp with time zone)': 'none',
  'queue_points_ready(timestamp with time zone)': 'none',
  'quinielazo_reminder_recipients(bigint)': 'none',
  'refresh_monthly_standings(integer,integer)': 'none',
  'refresh_standings_for(bigint[],bigint[])': 'none',
  'round_points(integer,boolean,date)': 'anon authenticated',
  // Whether a pick counts (a void match counts for every pick on it) and the 48 hours before a
  // stopped match is void: pure rules, inlined into the referees and pro_results_snapshot (which
  // runs as the caller).
  'pick_counts(text,text,boolean)': 'anon authenticated',
  'match_void_after()': 'anon authenticated',
  'save_push_subscription(text,text,text,text)': 'authenticated',
  'score_daily_game(bigint)': 'authenticated',
  'score_locked_daily_games()': 'authenticated',
  'score_round(bigint)': 'authenticated',
  'score_round_after_match_change()': 'none',
  'seal_due_rounds()': 'none',
  'set_daily_game_lock()': 'none',
  'set_paid_pick_round()': 'none',
  'touch_paid_pick()': 'none',
  'confirm_adult()': 'authenticated',
  'start_pro_checkout(bigint,text)': 'authenticated',
  'record_pro_payment(text,text,numeric,text,text)': 'none',
  // The live-scores poller's (service role only, tests/api/live-scores.test.ts).
  'live_poll_plan()': 'none',
  'record_live_scores(jsonb,jsonb)': 'none',
  'record_feed_failure(text,boolean,integer,jsonb)': 'none',
  'live_poll_done()': 'none',
  // The hourly re-check of the kick-offs to come (tests/api/live-scores.test.ts).
  'fixture_dates_plan()': 'none',
  'record_fixture_dates(jsonb,jsonb)': 'none',
  // A round's messages waiting in the outbox (tests/api/void-matches.test.ts).
  'live_messages_due()': 'none',
  // The rounds whose broadcast Realtime refused, told to read again (tests/api/live-scores.test.ts).
  'live_read_again(bigint[])': 'none',
  // The matches made void since the poller last told their rounds (tests/api/void-matches.test.ts).
  'live_void_news()': 'none',
  'finalize_due_rounds()': 'none',
  'create_round_from_feed(text,integer,timestamp with time zone,boolean,jsonb)': 'none',
  // A round's provisional histogram (tests/api/live-standings.test.ts): the poller computes it, everyone reads it.
  'refresh_live_standings(bigint[])': 'none',
  'get_live_standings(bigint)': 'anon authenticated',
  'pro_pool_minimum()': 'anon authenticated',
  'pro_pool_stats(bigint)': 'anon authenticated',
  'pro_results_snapshot(bigint)': 'authenticated',
  'copy_free_picks_to_paid_entry(bigint)': 'authenticated',
  'pro_payout(bigint)': 'anon authenticated',
  'pro_ledger(bigint)': 'anon authenticated',
  'pro_pool_history(bigint)': 'anon authenticated',
  'set_pick_round()': 'none',
  'set_updated_at()': 'none',
  'shows_nothing(text)': 'anon authenticated',
  'signup_choices(jsonb)': 'none',
  'simulate_round_scores(bigint)': 'authenticated',
  'snapshot_monthly_ranks()': 'authenticated',
  'standings_after_daily_scores()': 'none',
  'standings_after_move()': 'none',
  'standings_after_scores()': 'none',
  'username_problem(text)': 'authenticated',
  'username_key(text)': 'authenticated',
  // The one list of white space (supabase/schemas/010_foundation.sql): players' own writes and
  // answers are trimmed with it, so it runs as them.
  'white_space_characters()': 'anon authenticated',
  // Ligas (supabase/schemas/160_leagues.sql): each checks membership or ownership inside.
  'create_league(text,text)': 'authenticated',
  'delete_league(uuid)': 'authenticated',
  'get_league_boost_standings(uuid,integer,integer,integer)': 'authenticated',
  'get_league_missing_picks(uuid,bigint)': 'authenticated',
  'get_league_preview(text)': 'anon authenticated',
  'get_league_round_picks(uuid,bigint)': 'authenticated',
  'get_league_round_standings(uuid,bigint)': 'authenticated',
  'get_league_standings(uuid,integer,integer,integer)': 'authenticated',
  'get_my_leagues()': 'authenticated',
  'is_league_member(uuid)': 'authenticated',
  'join_league(text)': 'authenticated',
  'leave_league(uuid)': 'authenticated',
  'normalize_league_text(text)': 'authenticated',
  'remind_league_missing(uuid,bigint)': 'authenticated',
  'remove_league_member(uuid,uuid)': 'authenticated',
  'renew_league_code(uuid)': 'authenticated',
  'transfer_league(uuid,uuid)': 'authenticated',
  'update_league(uuid,text,text)': 'authenticated',
};

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);

afterAll(async () => {
  await db().end();
});

it('grants EXECUTE on every public function exactly as decided', async () => {
  const { rows } = await q(`
    select p.oid::regprocedure::text as signature,
           has_function_privilege('anon', p.oid, 'execute') as anon,
           has_function_privilege('authenticated', p.oid, 'execute') as authenticated
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prokind = 'f'
    order by 1`);
  const actual = Object.fromEntries(
    rows.map((r) => [r.signature.replace(/^public\./, ''), (r.anon && r.authenticated ? 'anon authenticated' : r.anon ? 'anon' : r.authenticated ? 'authenticated' : 'none') as Callers]),
  );
  expect(actual).toEqual(ALLOWED);
});

it('lets visitors and players only read the public views', async () => {
  const { rows } = await q(`
    select table_name, grantee, string_agg(privilege_type, ',' order by privilege_type) as privileges
    from information_schema.role_table_grants
    where table_schema = 'public' and grantee in ('anon', 'authenticated')
      and table_name in (select table_name from information_schema.views where table_schema = 'public')
    group by 1, 2 order by 1, 2`);
  expect(rows).toEqual([
    { table_name: 'monthly_standings_ranked', grantee: 'anon', privileges: 'SELECT' },
    { table_name: 'monthly_standings_ranked', grantee: 'authenticated', privileges: 'SELECT' },
    { table_name: 'public_profiles', grantee: 'anon', privileges: 'SELECT' },
    { table_name: 'public_profiles', grantee: 'authenticated', privileges: 'SELECT' },
    { table_name: 'standings_ranks', grantee: 'anon', privileges: 'SELECT' },
    { table_name: 'standings_ranks', grantee: 'authenticated', privileges: 'SELECT' },
  ]);
});
