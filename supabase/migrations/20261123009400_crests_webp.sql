-- The generated demo crests are WebP now (supabase/seed/crests.ts; docs/decisions.md, "Crests as
-- WebP"): clubs seeded earlier point at SVG files that no longer exist. Only the generated
-- crests' own paths change; a crest an admin gave any other URL stays as it is.
update public.clubs
set logo_url = regexp_replace(logo_url, '\.svg$', '.webp')
where logo_url ~ '^/crests/[a-z0-9-]+/[a-z0-9-]+\.svg$';
