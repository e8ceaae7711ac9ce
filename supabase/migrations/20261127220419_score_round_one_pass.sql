-- hand-written: the schema diff does not carry a function's SET options (supabase/schemas/070_scoring.sql).
-- score_round turns nested loops and merge joins off for its scoring statement (the round's picks
-- read in one pass, joined to its matches by hashing; docs/performance.md, "A million players");
-- these restore them at its exit.
alter function public.score_round(bigint) set enable_nestloop = on;
alter function public.score_round(bigint) set enable_mergejoin = on;
