import { supabase } from '@/lib/supabase';

/** Work that needs the session one last time (the analytics queue), run just before it ends.
 * Registered by modules loaded later, so this one (in every first load) imports none of them. */
const beforeSignOut = new Set<() => void>();

export function onBeforeSignOut(run: () => void): () => void {
  beforeSignOut.add(run);
  return () => void beforeSignOut.delete(run);
}

/** Signs out on this device; the session store hears SIGNED_OUT. */
export async function signOut(): Promise<void> {
  beforeSignOut.forEach((run) => run());
  const { error } = await supabase.auth.signOut({ scope: 'local' });
  if (error) throw error;
}
