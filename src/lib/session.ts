// The signed-in player, shared by every feature: the Supabase session, the last auth event and
// the player's profile (username, referral code and favourite club for the header). Kept in one
// zustand store fed by the auth client's events (lib/supabase.ts), so the header, guards and
// screens agree without each asking the server. Admin status is not kept here: isAdmin asks
// the database each time the admin guard runs; the profile's `isAdmin` only decides whether the
// menus show the way to /admin.
import type { Session } from '@supabase/supabase-js';
import { create } from 'zustand';
import { supabase } from './supabase';
import { setSignedInPlayer } from './cache-epoch';

type AuthEvent = 'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'PASSWORD_RECOVERY' | 'USER_UPDATED' | string;

export interface PlayerProfile {
  id: string;
  username: string;
  referralCode: string;
  favoriteClub: { id: number; name: string; logoUrl: string | null } | null;
  /** Shows the Admin link in the menus (the admin routes ask the database themselves). */
  isAdmin: boolean;
}

interface SessionState {
  /** False until supabase-js has read the stored session once. */
  ready: boolean;
  session: Session | null;
  /** The last auth event; the root route re-runs its loaders on SIGNED_OUT. */
  lastEvent: AuthEvent | null;
  /** True once a PASSWORD_RECOVERY event arrived in this page's life (cleared on sign-out). No
   * screen reads it: /reset-password accepts any active session (docs/decisions/auth.md). */
  recovery: boolean;
  /** The signed-in player's profile; null while loading, signed out, or before the profile exists. */
  profile: PlayerProfile | null;
}

export const useSessionStore = create<SessionState>(() => ({ ready: false, session: null, lastEvent: null, recovery: false, profile: null }));

let started: Promise<Session | null> | undefined;

/** Tries after a failed profile read online: 1, 2, 4, 8 and 16 s after it. */
const PROFILE_RETRIES = 5;

async function readProfile(userId: string): Promise<PlayerProfile | null> {
  const [{ data, error }, admin] = await Promise.all([
    supabase.from('profiles').select('id, username, referral_code, club:clubs!profiles_favorite_club_id_fkey(id, name, logo_url)').eq('id', userId).maybeSingle(),
    isAdmin(userId),
  ]);
  if (error) throw error;
  return data
    ? {
        id: data.id,
        username: data.username,
        referralCode: data.referral_code,
        favoriteClub: data.club ? { id: data.club.id, name: data.club.name, logoUrl: data.club.logo_url } : null,
        isAdmin: admin,
      }
    : null;
}

/** Reads the player's profile for the header, offline from the read cache (the header keeps his
 * name without signal, issue 32). A failed read online (a busy phone, the service worker taking
 * over mid-request) is tried again a few times, sooner first; offline, the 'online' event does. */
async function loadProfile(userId: string, attempt = 0): Promise<void> {
  let profile: PlayerProfile | null;
  try {
    // Imported here: a visitor's first load (the entry) carries no read-cache code.
    const { cachedRead, MAX_AGE } = await import('./cached-read');
    profile = (await cachedRead('profile', userId, () => readProfile(userId), MAX_AGE.profile)).data;
  } catch (error) {
    console.warn('No se pudo cargar el perfil', error);
    if (attempt < PROFILE_RETRIES && navigator.onLine) {
      setTimeout(() => {
        if (useSessionStore.getState().session?.user.id === userId && !useSessionStore.getState().profile) void loadProfile(userId, attempt + 1);
      }, 1000 * 2 ** attempt);
    }
    return;
  }
  // The session may have changed while the read was in flight.
  if (useSessionStore.getState().session?.user.id !== userId) return;
  useSessionStore.setState({ profile });
}

/** A profile read that failed (offline at start-up) is tried again when the signal comes back;
 * otherwise the header showed no name until a reload. */
function retryProfileWhenOnline(): void {
  window.addEventListener('online', () => {
    const { session, profile } = useSessionStore.getState();
    if (session && !profile) void loadProfile(session.user.id);
  });
}

/** Starts listening to auth events once; resolves with the current session. */
export function loadSession(): Promise<Session | null> {
  if (!started && typeof window !== 'undefined') retryProfileWhenOnline();
  started ??= new Promise((resolve) => {
    supabase.auth.onAuthStateChange((event, session) => {
      const previous = useSessionStore.getState();
      const userChanged = previous.session?.user.id !== session?.user.id;
      setSignedInPlayer(session?.user.id ?? null);
      useSessionStore.setState({
        ready: true,
        session,
        lastEvent: event,
        recovery: session ? previous.recovery || event === 'PASSWORD_RECOVERY' : false,
        profile: userChanged ? null : previous.profile,
      });
      // Never await supabase calls inside this callback (supabase-js holds its auth lock here).
      if (session && (userChanged || event === 'USER_UPDATED')) setTimeout(() => void loadProfile(session.user.id), 0);
      if (event === 'INITIAL_SESSION') resolve(session);
    });
  });
  return started;
}

/** The current session for route guards (`beforeLoad`), waiting for the first read. */
export async function currentSession(): Promise<Session | null> {
  const state = useSessionStore.getState();
  if (state.ready) return state.session;
  return loadSession();
}

/** Re-reads the header's profile, e.g. after the player changed his username or club. */
export function refreshProfile(): Promise<void> {
  const userId = useSessionStore.getState().session?.user.id;
  return userId ? loadProfile(userId) : Promise.resolve();
}

export const useSession = () => useSessionStore((s) => s.session);
export const useUserId = () => useSessionStore((s) => s.session?.user.id ?? null);
export const useProfile = () => useSessionStore((s) => s.profile);
export const useSessionReady = () => useSessionStore((s) => s.ready);

/** Whether the signed-in user is an admin: the database decides (RLS lets a user read only his own admins row). */
export async function isAdmin(userId: string): Promise<boolean> {
  const { data, error } = await supabase.from('admins').select('id').eq('id', userId).maybeSingle();
  if (error) throw error;
  return data !== null;
}
