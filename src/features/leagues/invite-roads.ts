// Every road a visitor takes from a liga's invitation keeps it (issue 44, item 1): the header's
// "Crear cuenta" and "Iniciar sesión", the footer's "Regístrate gratis", the sign-up's "Inicia
// sesión" and the sign-in's "Crear cuenta". The invitation travels in the URL from screen to
// screen, and from sign-up on with the account (metadata `league_code` and the mail's
// redirect_to, features/auth/api/sign-up.ts), so a confirmation opened on another phone still
// ends in the liga. Plain: the shell reads it on every page (routes/__root.tsx), and the server
// writes the same links into the invitation it sends (scripts/liga-preview.ts).
import { joinOnArrivalPath } from './invite-words';

/** A code's shape (letters and digits; the database reads it in any case). */
const CODE = /^[A-Za-z0-9]{4,16}$/;
const JOIN_PATH = /^\/liga\/([A-Za-z0-9]{4,16})\?unirme=1$/;

/** The liga a sign-in comes back to join (`?redirect=/liga/<code>?unirme=1`), or null. */
export function joinCodeOfRedirect(redirect: string | undefined): string | null {
  return (redirect && JOIN_PATH.exec(redirect)?.[1]) || null;
}

/** The invitation a visitor is on the road from: the invitation itself, the sign-up with its
 * liga, or the sign-in that comes back to join. Null anywhere else. */
export function inviteCodeOf(pathname: string, search: Record<string, unknown>): string | null {
  const invitation = /^\/liga\/([A-Za-z0-9]{4,16})\/?$/.exec(pathname)?.[1];
  if (invitation) return invitation;
  if (pathname === '/signup' && typeof search.liga === 'string' && CODE.test(search.liga)) return search.liga;
  if (pathname === '/login' && typeof search.redirect === 'string') return joinCodeOfRedirect(search.redirect);
  return null;
}

/** Where "Crear cuenta" and "Iniciar sesión" lead a visitor invited to `code`. */
export function inviteRoads(code: string): { signUp: { liga: string }; logIn: { redirect: string } } {
  return { signUp: { liga: code }, logIn: { redirect: joinOnArrivalPath(code) } };
}
