-- hand-written: rows, which a schema diff does not carry (docs/decisions.md, "Schema files and generated migrations").
-- The podium flags per ranking (20261127162449_podium_per_ranking.sql) start false: place them
-- for every month already stored, as the standings' writers now keep them.
select internal.place_podiums(m.year, m.month)
from (select distinct s.year, s.month from public.monthly_standings s) m;
