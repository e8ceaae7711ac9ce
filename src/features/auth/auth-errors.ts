// GoTrue's error codes in the player's language (docs/product.md#messages): a sign-up or login failure shows the
// auth message; the codes a player can cause get Spanish wording, a failure of the server's own
// (5xx: e.g. a confirmation mail it could not send) a Spanish apology, anything else the
// server's own message.
import { isAuthError } from '@supabase/supabase-js';

const SPANISH: Record<string, string> = {
  invalid_credentials: 'Correo o contraseña incorrectos.',
  email_not_confirmed: 'Confirma tu correo antes de iniciar sesión.',
  user_already_exists: 'Ya existe una cuenta con este correo. Inicia sesión o restablece tu contraseña.',
  email_exists: 'Ya existe una cuenta con este correo. Inicia sesión o restablece tu contraseña.',
  weak_password: 'La contraseña es muy débil: usa al menos 8 caracteres, con letras y números.',
  same_password: 'Parece que es la que ya tienes actualmente. Intenta con otra.',
  over_email_send_rate_limit: 'Se enviaron demasiados correos. Espera unos minutos e intenta de nuevo.',
  over_request_rate_limit: 'Demasiados intentos. Espera unos minutos e intenta de nuevo.',
  email_address_invalid: 'Correo inválido',
  validation_failed: 'Revisa los datos del formulario.',
  signup_disabled: 'El registro está deshabilitado por ahora.',
  user_banned: 'Tu cuenta está suspendida.',
  session_not_found: 'Tu sesión expiró. Vuelve a iniciar sesión.',
  reauthentication_needed: 'Por seguridad, vuelve a iniciar sesión e intenta de nuevo.',
};

const NETWORK = 'No hay conexión. Revisa tu internet e intenta de nuevo.';
const SERVER = 'No pudimos completar tu solicitud. Revisa que tu correo esté bien escrito e intenta de nuevo en unos minutos.';

/** The Spanish message for an auth failure: known GoTrue codes translated, otherwise the auth message. */
export function authErrorMessage(error: unknown): string {
  if (isAuthError(error)) {
    if (error.code && SPANISH[error.code]) return SPANISH[error.code];
    if (error.name === 'AuthRetryableFetchError' || error.status === 0) return NETWORK;
    if ((error.status ?? 0) >= 500) return SERVER;
    return error.message;
  }
  if (error instanceof TypeError) return NETWORK;
  return error instanceof Error ? error.message : String(error);
}

export function authErrorCode(error: unknown): string | undefined {
  return isAuthError(error) ? error.code : undefined;
}
