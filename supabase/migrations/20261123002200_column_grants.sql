-- Column-level grants (issue 13): clients write only the columns that are theirs to choose.
-- Ids, created_at, updated_at and every other server-owned column are filled by the database
-- (identity, defaults, triggers); a client that names one gets permission denied (42501 →
-- PostgREST 401 for visitors, 403 for players). Before this, a chosen id could take the next
-- value of a sequence and make other players' inserts fail with 409, and picks and chat took
-- forged timestamps.
--
-- Table by table, insert and update are revoked and granted again per column. RLS still
-- decides which rows (admins only, own rows only, open rounds only); the grants decide which
-- columns. Upserts (picks, Boost answers, Pro picks, preferences) set every column they send in
-- ON CONFLICT DO UPDATE, so those tables' key columns are updatable too: the policies' WITH
-- CHECK and the round triggers still hold them to the player's own, open rows.
-- tests/api/attacks/column-grants.test.ts lists every public table from pg_class and fails
-- when one grants a client table-wide insert or update, or lets him write a server column.

revoke insert, update on table
  public.admins, public.clubs, public.profiles, public.quinielas, public.matches, public.picks,
  public.scores, public.scoring_points, public.scoring_bonuses, public.prizes,
  public.daily_games, public.daily_game_picks, public.daily_scores,
  public.polls, public.poll_votes, public.chat_messages, public.blog_posts,
  public.referral_tracking, public.referral_clicks, public.activity_logs,
  public.paid_entries, public.paid_picks, public.notification_preferences, public.rank_snapshots,
  public.monthly_standings
from anon, authenticated;

-- Admin-only tables (their policies let only admins through).
grant insert (id) on table public.admins to authenticated;
grant insert (name, short_name, logo_url, league), update (name, short_name, logo_url, league)
  on table public.clubs to authenticated;
grant insert (name, week, deadline, results_saved, is_last_of_month), update (name, week, deadline, results_saved, is_last_of_month)
  on table public.quinielas to authenticated;
grant insert (quiniela_id, match_order, home_team, away_team, home_club_id, away_club_id, kickoff_at, correct_result,
              special_bonus_points, underdog_bonus_points, underdog_bonus_side),
      update (match_order, home_team, away_team, home_club_id, away_club_id, kickoff_at, correct_result,
              special_bonus_points, underdog_bonus_points, underdog_bonus_side)
  on table public.matches to authenticated;
-- bonus_details and referral_points are generated from bonuses; the rule tables
-- (scoring_points, scoring_bonuses, prizes) take no client writes at all (rules_by_month).
grant insert (user_id, quiniela_id, correct, points, bonuses), update (correct, points, bonuses)
  on table public.scores to authenticated;
grant insert (game_date, lock_date, game_type, question, correct_answer, points, metadata),
      update (game_date, lock_date, game_type, question, correct_answer, points, metadata)
  on table public.daily_games to authenticated;
grant insert (user_id, daily_game_id, points), update (points) on table public.daily_scores to authenticated;
grant insert (question, kind, options, allow_text, is_active), update (question, kind, options, allow_text, is_active)
  on table public.polls to authenticated;
grant insert (slug, title, category, excerpt, banner_url, body_html, published_at),
      update (slug, title, category, excerpt, banner_url, body_html, published_at)
  on table public.blog_posts to authenticated;
grant insert (referrer_id, referred_id, awarded_points, month_awarded, referral_used),
      update (awarded_points, month_awarded, referral_used)
  on table public.referral_tracking to authenticated;
grant insert (quiniela_id, user_id, label), update (label) on table public.paid_entries to authenticated;
grant insert (user_id, year, month, rank_total, rank_weekly, rank_daily), update (rank_total, rank_weekly, rank_daily)
  on table public.rank_snapshots to authenticated;

-- Players' own rows.
grant update (username, favorite_club_id, newsletter_opt_in) on table public.profiles to authenticated;
grant insert (user_id, match_id, quiniela_id, result), update (user_id, match_id, quiniela_id, result)
  on table public.picks to authenticated;
grant insert (user_id, daily_game_id, answer), update (user_id, daily_game_id, answer)
  on table public.daily_game_picks to authenticated;
grant insert (poll_id, user_id, option, text_answer) on table public.poll_votes to authenticated;
grant insert (quiniela_id, user_id, message) on table public.chat_messages to authenticated;
grant insert (user_id, event_name, json) on table public.activity_logs to authenticated;
grant insert (paid_entry_id, quiniela_id, match_id, result), update (paid_entry_id, quiniela_id, match_id, result)
  on table public.paid_picks to authenticated;
grant insert (user_id, remind_quinielazo, remind_boost, new_quinielazo, new_blog, news_updates),
      update (user_id, remind_quinielazo, remind_boost, new_quinielazo, new_blog, news_updates)
  on table public.notification_preferences to authenticated;

-- Everyone: a visit through a referral link.
grant insert (referral_code, user_agent) on table public.referral_clicks to anon, authenticated;
