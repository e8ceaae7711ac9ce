-- hand-written: publication membership, which a schema diff does not carry (docs/decisions.md, "Schema files and generated migrations").
-- Tables whose changes are pushed to subscribers: the round chat, and on the Pro results page
-- match results, entries, Pro picks and payments (the open ledger). Delivery still respects each
-- subscriber's RLS.
alter publication supabase_realtime add table
  public.chat_messages, public.matches, public.paid_entries, public.paid_picks, public.payments;
