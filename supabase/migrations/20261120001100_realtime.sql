-- Tables whose changes are pushed to subscribers: the round chat, and on the Pro results
-- page match results, entries and Pro picks. Delivery still respects each subscriber's RLS.
alter publication supabase_realtime add table public.chat_messages, public.matches, public.paid_entries, public.paid_picks;
