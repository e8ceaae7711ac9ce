-- hand-written: a view option and rows, which a schema diff does not carry (docs/decisions/database.md, "Schema files and generated migrations").
-- The ranks moved from monthly_standings' columns to the month's histogram
-- (20261203034650_scoring_near_floor.sql): count the histogram of every month already
-- stored, as its triggers now keep it; and the two views of the ranks run as their reader, as
-- the schema file declares them.
alter view public.standings_ranks set (security_invoker = true);
alter view public.monthly_standings_ranked set (security_invoker = true);

select internal.recount_month(m.year, m.month)
from (select distinct s.year, s.month from public.monthly_standings s) m;
