-- A player's profile keeps the address he signs in with. The auth API lets him change it
-- (supabase.auth.updateUser({ email }), completed when the new address opens the mailed link),
-- and the profile's copy was written once, at confirmation: reminders, points and score e-mails
-- kept going to the old address, and the same-mailbox referral rule
-- (internal.refuse_self_referral) compared against it.

create function internal.profile_email_follows_auth() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.profiles set email = lower(new.email)
  where id = new.id and email is distinct from lower(new.email);
  return null;
end
$$;
comment on function internal.profile_email_follows_auth() is
  'Trigger on auth.users (after an e-mail change): copies the new sign-in address to the profile. Definer: profiles.email is not writable by the auth role.';
revoke execute on function internal.profile_email_follows_auth() from public, anon, authenticated;

-- Only a confirmed change: the auth server writes email itself once the new address confirms
-- (the pending one waits in email_change).
create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row when (new.email is distinct from old.email and new.email is not null)
  execute function internal.profile_email_follows_auth();

-- Profiles whose address changed before this trigger existed.
update public.profiles p set email = lower(u.email)
from auth.users u
where u.id = p.id and u.email is not null and p.email is distinct from lower(u.email);
