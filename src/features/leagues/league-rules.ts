// A liga's rules as the screens need them before asking the server (the database is the
// referee: supabase/schemas/160_leagues.sql): the name and prize line limits, the invitation
// link and its message, "Recordarles"' state, and the server's refusals in Spanish.
import { countOf, formatPoints } from '@/lib/plural';
import { INVISIBLE_CHARACTERS } from '@/lib/shows-nothing';
import { formatGameHour, gameClock, gameDay, gameTimeToInstant, MONTHS } from '@/lib/time';

const LEAGUE_NAME_MIN = 3;
export const LEAGUE_NAME_MAX = 40;
export const PRIZE_NOTE_MAX = 120;
/** A player belongs to at most this many ligas (the database refuses the 21st). */
export const LEAGUES_PER_PLAYER = 20;

// The database's normalisation (public.normalize_league_text): NFKC, the characters that show
// nothing dropped, runs of white space made one space, trimmed; the same two lists as the blank
// check (lib/shows-nothing.ts). tests/api/rule-twins.test.ts holds it to the database's. The
// same messages as its refusals.
const INVISIBLE = new RegExp(`[${INVISIBLE_CHARACTERS}]`, 'gu');
const SPACES = /\s+/g;

/** A liga's name or prize line as the database stores it. */
export function normalizeLeagueText(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(SPACES, ' ').trim();
}

const length = (text: string) => Array.from(normalizeLeagueText(text)).length;

/** Why a liga name is refused, in Spanish, or null. */
export function leagueNameProblem(name: string): string | null {
  if (length(name) < LEAGUE_NAME_MIN) return `El nombre de la liga debe tener al menos ${LEAGUE_NAME_MIN} caracteres.`;
  if (length(name) > LEAGUE_NAME_MAX) return `El nombre de la liga puede tener como máximo ${LEAGUE_NAME_MAX} caracteres.`;
  return null;
}

/** Why a "Premio de la liga" line is refused, or null (it is optional). */
export function prizeNoteProblem(note: string): string | null {
  return length(note) > PRIZE_NOTE_MAX ? `El premio de la liga puede tener como máximo ${PRIZE_NOTE_MAX} caracteres.` : null;
}

/** A code as it may appear in a link: the server decides whether it names a liga. */
const CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;

export function isLeagueCode(value: unknown): value is string {
  return typeof value === 'string' && CODE_PATTERN.test(value);
}

/** The liga's invitation page on this app's own address. */
export function leagueInviteUrl(origin: string, code: string): string {
  return `${origin.replace(/\/$/, '')}/liga/${encodeURIComponent(code)}`;
}

/** What "Invitar por WhatsApp" sends beside the link. */
export function leagueInviteText(name: string): string {
  return `¡Únete a mi liga «${name}» en Quinielazo! Jugamos la quiniela de cada semana y vemos quién gana.`;
}

/** WhatsApp's own share link, for phones without the Web Share API. */
export function whatsappShareUrl(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

/** The disabled "Recordarles" button once this round's reminder went: "Recordatorio enviado hoy
 * a las 12:40" (Mexico City's clock, as every time in the game). */
export function reminderSentText(sentAt: string, now: Date = new Date()): string {
  const at = `a las ${formatGameHour(sentAt)}`;
  if (gameDay(sentAt) === gameDay(now)) return `Recordatorio enviado hoy ${at}`;
  const { day, month } = gameClock(sentAt);
  return `Recordatorio enviado el ${day} de ${MONTHS[month - 1]} ${at}`;
}

/**
 * What "Recordarles" tells the organiser once the notices are queued: how many and when they
 * arrive. The dispatcher runs every minute (supabase/schedule.ts, "notices-dispatch"); by night
 * (23:00–08:00, hora del Centro) a push waits for 08:00 unless the round closes first, as
 * internal.push_hold_until decides, while an e-mail goes at once.
 */
export function reminderQueuedText(queued: number, deadline: string, now: Date = new Date()): string {
  if (queued === 0) return 'Les recordamos a 0 miembros.';
  const whom = `${queued === 1 ? 'Le' : 'Les'} recordamos a ${countOf(queued, 'miembro', 'miembros')}`;
  const arrives = queued === 1 ? 'le llega' : 'les llega';
  const c = gameClock(now);
  const night = c.hour >= 23 || c.hour < 8;
  const eight = gameTimeToInstant(c.year, c.month, c.day + (c.hour >= 23 ? 1 : 0), 8);
  if (night && Date.parse(deadline) > eight.getTime()) {
    return `${whom}: por correo ${arrives} en el próximo minuto; el aviso en el teléfono, a las 8:00 (de noche no enviamos avisos al teléfono).`;
  }
  return `${whom}: ${arrives} en el próximo minuto.`;
}

/** The families of the liga functions' refusals (a rule or limit, not allowed, not found, too
 * often; PT429: too many unknown codes, answered as HTTP 429): their message is the player's
 * Spanish sentence; the hint the stable reason. */
const SPANISH_REFUSALS = ['23514', '42501', 'P0002', 'QZ429', 'PT429'];

/** The server's refusal in the player's words; anything else (network, 5xx) gets `fallback`. */
export function leagueErrorMessage(error: unknown, fallback: string): string {
  const e = error as { code?: string; message?: string } | null;
  return e?.message && e.code && SPANISH_REFUSALS.includes(e.code) ? e.message : fallback;
}

/** The stable reason of a liga function's refusal (`league_already_reminded`, `league_full`…). */
export function leagueErrorReason(error: unknown): string | null {
  return (error as { hint?: string } | null)?.hint ?? null;
}

/** The round's winners within the liga (ties share it), by Spanish plural rules: "Ganó la quiniela
 * en la liga: ana (1 pt)", "Ganaron la quiniela en la liga: ana, beto (12 pts)". */
export function roundWinnersText(winners: ReadonlyArray<{ username: string | null; points: number }>): string {
  const verb = winners.length === 1 ? 'Ganó' : 'Ganaron';
  return `${verb} la quiniela en la liga: ${winners.map((w) => w.username).join(', ')} (${formatPoints(winners[0]?.points ?? 0)})`;
}
