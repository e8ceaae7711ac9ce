// Deno entry, the same on hosted Supabase and on the local platform (supabase/local/functions-host).
import handler from './handler.ts';

Deno.serve(handler);
