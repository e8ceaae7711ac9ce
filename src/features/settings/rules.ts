// The settings screen's rules (docs/product.md#settings), pure so each one is unit-tested:
// the username minimum, when availability is asked, when the profile bar may save, and the
// Spanish messages of every outcome. The username rule itself is the database's
// (lib/username.ts); settings adds only the spec's 4-character minimum.
import { normalizeUsername, usernameProblem, type UsernameProblem } from '@/lib/username';

/** Settings asks for 4 characters (sign-up asks for 3; docs/product.md#validation keeps both). */
export const SETTINGS_USERNAME_MIN = 4;

/** Wait after the last keystroke before asking whether a username is free (docs/product.md#settings). */
export const AVAILABILITY_DEBOUNCE_MS = 500;

/** How long a save confirmation stays on screen (spec "save confirmation 4 s"). */
export const NOTICE_MS = 4000;

export const SETTINGS_MESSAGES = {
  usernameTooShort: 'El nombre de usuario debe tener al menos 4 caracteres.',
  usernameTooLong: 'El nombre de usuario puede tener como máximo 20 caracteres.',
  usernameInvalid: 'El nombre de usuario solo puede tener letras, números, _, . y -.',
  usernameAvailable: 'Nombre disponible',
  usernameTaken: 'Nombre no disponible',
  profileSaved: 'Perfil actualizado con éxito.',
  profileError: 'Error al actualizar el perfil.',
  profileUsernameTaken: 'Error al actualizar el perfil. Ese nombre de usuario ya lo usa otro jugador; elige otro.',
  preferencesSaved: 'Preferencias actualizadas.',
  preferencesError: 'Error al actualizar preferencias.',
  resetSent: 'Correo de recuperación enviado. Revisa tu bandeja de entrada.',
  resetError: 'Hubo un error al enviar el correo de recuperación.',
  emailSame: 'Ese ya es tu correo.',
  emailTaken: 'Ese correo ya lo usa otra cuenta.',
  emailChangeHalf: 'Listo, confirmaste desde uno de tus correos. Ahora abre el enlace que te enviamos al otro para terminar el cambio.',
  passwordChanged: 'Contraseña actualizada.',
  passwordSame: 'Parece que es la que ya tienes actualmente. Intenta con otra.',
  codeRequired: 'Escribe el código de 6 dígitos que te enviamos.',
  codeInvalid: 'El código no es correcto o ya venció. Revisa el correo más reciente o pide otro código.',
  codeResent: 'Te enviamos un código nuevo.',
} as const;

/** After asking to change the e-mail: both addresses were sent a link, and both must confirm. */
export function emailChangeSentMessage(current: string, next: string): string {
  return `Te enviamos un enlace a ${current} y otro a ${next}. Ábrelos los dos para confirmar el cambio: hasta entonces tu correo sigue siendo ${current}.`;
}

/** A change asked for and not yet confirmed from both addresses. */
export function emailChangePendingMessage(next: string): string {
  return `Cambio pendiente a ${next}: confírmalo desde tu correo actual y desde el nuevo.`;
}

/** A password change in a long session: GoTrue asks for the code it mails (reauthentication). */
export function passwordCodeSentMessage(email: string): string {
  return `Por seguridad, te enviamos un código de 6 dígitos a ${email}. Escríbelo para guardar tu nueva contraseña.`;
}

/**
 * GoTrue's words when the first of an e-mail change's two links is opened: it sends the player
 * back with them in the URL fragment (`#message=…&sb=`), and changes nothing yet.
 */
const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** Whether a URL fragment is GoTrue's "one of the two links confirmed" return. */
export function isHalfConfirmedEmailChange(hash: string): boolean {
  return new URLSearchParams(hash.replace(/^#/, '')).get('message') === SINGLE_CONFIRMATION;
}

/** A six-digit code as typed on a phone: spaces and dashes dropped; null unless six digits remain. */
export function codeFrom(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** The league filter of docs/product.md#settings, in its order. 'Jugadores' has no clubs yet (docs/decisions/admin.md, "Settings"). */
export const LEAGUES = ['Liga MX', 'Premier League', 'La Liga', 'Bundesliga', 'Serie A', 'Internacional', 'MLS', 'Ligue 1', 'Jugadores'] as const;
export type League = (typeof LEAGUES)[number];

/** What the save bar edits: the two profile fields a player may change here. */
export interface ProfileValues {
  username: string;
  favoriteClubId: number | null;
}

const PROBLEM_MESSAGES: Record<UsernameProblem, string> = {
  too_short: SETTINGS_MESSAGES.usernameTooShort,
  too_long: SETTINGS_MESSAGES.usernameTooLong,
  invalid: SETTINGS_MESSAGES.usernameInvalid,
};

/** The message for a name the database's rule refuses. */
export function usernameProblemMessage(problem: UsernameProblem): string {
  return PROBLEM_MESSAGES[problem];
}

/** The username rule's message, or null when the (normalised) name may be saved. */
export function usernameError(username: string): string | null {
  const problem = usernameProblem(username);
  if (problem) return PROBLEM_MESSAGES[problem];
  return Array.from(normalizeUsername(username)).length < SETTINGS_USERNAME_MIN ? SETTINGS_MESSAGES.usernameTooShort : null;
}

/** True when the draft differs from what is saved (the username compared normalised, as it is saved). */
export function isProfileDirty(saved: ProfileValues, draft: ProfileValues): boolean {
  return normalizeUsername(draft.username) !== saved.username || draft.favoriteClubId !== saved.favoriteClubId;
}

/** Save is enabled only for a change whose username passes the 4-character rule. */
export function canSaveProfile(saved: ProfileValues, draft: ProfileValues): boolean {
  return isProfileDirty(saved, draft) && usernameError(draft.username) === null;
}

/**
 * The name whose availability to ask, or null to skip: empty or unchanged names are not asked
 * (docs/product.md#settings), nor names under the minimum, whose rule message already says what is wrong.
 */
export function usernameToCheck(savedUsername: string, draftUsername: string): string | null {
  const name = normalizeUsername(draftUsername);
  if (name === '' || name === savedUsername) return null;
  if (usernameError(name) !== null) return null;
  return name;
}

/**
 * The message for a failed profile save: a taken username (unique violation) is named as such,
 * and a name the database's rule refuses (23514, the reason in the hint) says why.
 */
export function profileErrorMessage(code: string | undefined, hint?: string | null): string {
  if (code === '23505') return SETTINGS_MESSAGES.profileUsernameTaken;
  if (code === '23514' && (hint === 'too_short' || hint === 'too_long' || hint === 'invalid')) {
    return `${SETTINGS_MESSAGES.profileError} ${PROBLEM_MESSAGES[hint]}`;
  }
  return SETTINGS_MESSAGES.profileError;
}

export interface PickableClub {
  id: number;
  name: string;
  shortName: string | null;
  league: string;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/**
 * Clubs for the picker: with a search text, matches by name or short name across every league
 * (a player typing "Real Madrid" should not need to find its league first); without one, the
 * chosen league's clubs. Keeps the given order.
 */
export function filterClubs<C extends PickableClub>(clubs: readonly C[], league: League, query: string): C[] {
  const q = fold(query.trim());
  if (q) return clubs.filter((club) => fold(`${club.name} ${club.shortName ?? ''}`).includes(q));
  return clubs.filter((club) => club.league === league);
}
