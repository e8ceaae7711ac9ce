-- A visit through a referral link counts once per visitor and code (docs/decisions.md), but the
-- table took anything a visitor sent: rows without a visitor (NULLs never collide in the unique
-- key, so the same visit counted again and again), the same code in other letter cases (codes
-- are matched case-insensitively everywhere else), codes that name nobody, and 1,000 rows in
-- one request. Now: a visitor id is required (new rows; NOT VALID keeps the history), the code is
-- stored as its player has it, a code that names nobody is not stored, and a code keeps at most
-- 1,000 visits an hour (past it, visits are not stored: the click counts are analytics, never a
-- reward, so a flood loses nothing a player earned).
alter table public.referral_clicks
  add constraint referral_clicks_visitor_required check (visitor_id is not null) not valid;

-- The hourly count's lookup. The unique (referral_code, visitor_id) key serves lookups by code.
create index referral_clicks_code_created_at_idx on public.referral_clicks (referral_code, created_at);
drop index public.referral_clicks_referral_code_idx;

create function internal.accept_referral_click() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  canonical text;
begin
  select p.referral_code into canonical
  from public.profiles p
  where upper(p.referral_code) = upper(btrim(new.referral_code))
  limit 1;
  if canonical is null then
    return null;
  end if;
  new.referral_code := canonical;
  -- Rows stored earlier by the same statement are counted too (a row trigger sees them).
  if (
    select count(*) from (
      select 1 from public.referral_clicks c
      where c.referral_code = canonical and c.created_at > now() - interval '1 hour'
      limit 1000
    ) as recent
  ) >= 1000 then
    return null;
  end if;
  return new;
end
$$;
comment on function internal.accept_referral_click() is
  'Trigger: stores a referral visit under its player''s code, and not at all for a code naming nobody or past 1,000 visits of the code in an hour.';
revoke all on function internal.accept_referral_click() from public;

create trigger referral_clicks_accept before insert on public.referral_clicks
  for each row execute function internal.accept_referral_click();
