// What /liga/<code> needs: the liga's public preview (which also says whether the signed-in
// player is in it). Arriving with `?unirme=1` a player who asked to join in this tab (the button,
// or sign-in from the invitation) joins here, and one the sign-up already put in the liga (its
// mail's link) is taken into it; anyone else sees the invitation and its button.
import { cachedRead, expiredCopyTime, isOfflineMiss, MAX_AGE, NO_COPY_TEXT } from '@/lib/cached-read';
import { expiredCopyText } from '@/components/ui/saved-copy-note';
import { currentSession } from '@/lib/session';
import { getLeaguePreview, type LeaguePreview } from './api/get-league-preview';
import { joinLeague } from './api/join-league';
import { takeJoinIntent } from './join-intent';
import { isLeagueCode, leagueErrorMessage } from './league-rules';

export interface InviteData {
  code: string;
  /** Null: no liga has this code (mistyped, or renewed by its owner). */
  preview: LeaguePreview | null;
  signedIn: boolean;
  /** Joined just now: the liga to go into. */
  joined: string | null;
  joinError: string | null;
  failed: boolean;
  /** When the preview is the copy saved on this phone (offline, a player's only): the time it was stored. */
  cachedAt: number | null;
  /** Why the invitation could not be read, when the server said it in Spanish (too many unknown
   * codes from this player or network: a 429). */
  failure: string | null;
}

export async function loadInvite(code: string, join: boolean): Promise<InviteData> {
  const base: InviteData = { code, preview: null, signedIn: false, joined: null, joinError: null, failed: false, failure: null, cachedAt: null };
  if (!isLeagueCode(code)) return base;
  const session = await currentSession();
  base.signedIn = session !== null;
  if (session && join && takeJoinIntent(code)) {
    try {
      // Idempotent: a player the sign-up already put in the liga is simply taken into it.
      return { ...base, joined: (await joinLeague(code)).leagueId };
    } catch (error) {
      base.joinError = leagueErrorMessage(error, 'No pudimos unirte a la liga. Revisa tu conexión e inténtalo de nuevo.');
    }
  }
  try {
    // A player's invitation is kept on the phone, so it opens offline after a visit with signal
    // (issue 44, item 6); a visitor's offline copy is the server's page the service worker kept.
    const { data: preview, cachedAt } = await cachedRead(`liga-invite:${code}`, session?.user.id ?? null, () => getLeaguePreview(code), MAX_AGE.league);
    const arrived = session !== null && join && cachedAt === null && preview?.isMember === true && base.joinError === null;
    return { ...base, preview, cachedAt, joined: arrived ? preview.leagueId : null };
  } catch (error) {
    if (isOfflineMiss(error)) {
      const storedAt = expiredCopyTime(error);
      return { ...base, failed: true, failure: storedAt === null ? NO_COPY_TEXT : expiredCopyText(storedAt, 'de esta invitación') };
    }
    console.error('Error loading liga', error);
    const failure = leagueErrorMessage(error, '');
    return { ...base, failed: true, failure: failure || null };
  }
}
