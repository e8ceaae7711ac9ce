-- An analytics event's details are a few bytes (the page's path, which call to action); the
-- column took any size, so a signed-in player could write megabytes per row through the API.
-- NOT VALID: it holds every new row and leaves the history as it is.
alter table public.activity_logs
  add constraint activity_logs_json_size check (octet_length(json::text) <= 2000) not valid;
