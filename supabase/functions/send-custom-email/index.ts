// Deno entry for hosted Supabase; the local platform imports handler.ts directly.
import handler from './handler.ts';

Deno.serve(handler);
