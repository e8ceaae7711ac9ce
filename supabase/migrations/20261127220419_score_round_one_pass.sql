-- hand-written: the schema diff does not carry a function's SET options (supabase/schemas/070_scoring.sql).
-- score_round reads the round's picks in one pass joined to its matches by hashing, instead of
-- walking them by match_id (12× the page reads; docs/performance.md, "A million players").
alter function public.score_round(bigint) set enable_nestloop = off;
alter function public.score_round(bigint) set enable_mergejoin = off;
