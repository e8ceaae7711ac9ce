// The auth screens' validation rules and messages (docs/product.md#validation: 8 characters
// with letters and digits everywhere, reset included). Pure, so every message is unit-tested.
import { usernameProblem, type UsernameProblem } from '@/lib/username';

const PASSWORD_MIN = 8;

export const MESSAGES = {
  usernameTooShort: 'Mínimo 3 caracteres',
  usernameTooLong: 'Máximo 20 caracteres',
  usernameInvalid: 'Solo letras, números, _, . y -',
  usernameAvailable: 'Disponible',
  usernameTaken: 'Ya está en uso',
  emailInvalid: 'Correo inválido',
  passwordRule: 'Mínimo 8 caracteres, incluir letras y números',
  confirmMismatch: 'No coincide',
  termsRequired: 'Debes aceptar los términos',
  loginRequired: 'Todos los campos son obligatorios',
  forgotEmailRequired: 'Ingresa tu correo electrónico.',
  resetMismatch: '❌ Las contraseñas no coinciden.',
  resetRule: '❌ La contraseña debe tener al menos 8 caracteres, incluir letras y números.',
} as const;

/** E-mails are stored and compared trimmed and lowercased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function hasLetter(value: string): boolean {
  return /\p{L}/u.test(value);
}

function hasDigit(value: string): boolean {
  return /\d/.test(value);
}

function hasSymbol(value: string): boolean {
  return /[^\p{L}\d\s]/u.test(value);
}

/** The password rule of sign-up and reset: 8+ characters with at least one letter and one digit. */
function isPasswordValid(password: string): boolean {
  return password.length >= PASSWORD_MIN && hasLetter(password) && hasDigit(password);
}

export interface StrengthCheck {
  id: 'length' | 'letter' | 'digit' | 'symbol';
  label: string;
  met: boolean;
}

/** The strength meter's four steps: length 8+, a letter, a digit, a symbol. */
export function passwordStrength(password: string): { score: number; level: number; checks: StrengthCheck[] } {
  const checks: StrengthCheck[] = [
    { id: 'length', label: '8 caracteres o más', met: password.length >= PASSWORD_MIN },
    { id: 'letter', label: 'Una letra', met: hasLetter(password) },
    { id: 'digit', label: 'Un número', met: hasDigit(password) },
    { id: 'symbol', label: 'Un símbolo', met: hasSymbol(password) },
  ];
  const score = checks.filter((c) => c.met).length;
  // The word and colour the meter shows: a password the rule refuses (8+ with letters and
  // digits) reads 'Débil' at most, never 'Aceptable' beside the form's refusal.
  return { score, level: isPasswordValid(password) ? score : Math.min(score, 1), checks };
}

export interface SignupValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

export type SignupErrors = Partial<Record<keyof SignupValues, string>>;

const USERNAME_MESSAGES: Record<UsernameProblem, string> = {
  too_short: MESSAGES.usernameTooShort,
  too_long: MESSAGES.usernameTooLong,
  invalid: MESSAGES.usernameInvalid,
};

/** The sign-up form's message for a name the rule refuses (the database's reason, in Spanish). */
export function usernameProblemMessage(problem: UsernameProblem): string {
  return USERNAME_MESSAGES[problem];
}

export function validateUsername(username: string): string | undefined {
  const problem = usernameProblem(username);
  return problem ? USERNAME_MESSAGES[problem] : undefined;
}

/** GoTrue's own rule (its `validateEmail`, badoux/checkmail's pattern): an ASCII local part, one
 * @, and domain labels of ASCII letters, digits and inner hyphens, one dot apart. The app checks
 * exactly what the auth server will, so an address it accepts is never refused on sign-up in
 * production (`josé@…` was), and "ana@quinielazo.mx." or "..mx" never reach the server.
 * tests/unit/email-rule.test.ts runs one list of addresses through this and the local auth server. */
const EMAIL_SHAPE = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function validateEmail(email: string): string | undefined {
  const normalized = normalizeEmail(email);
  return normalized.length <= 255 && EMAIL_SHAPE.test(normalized) ? undefined : MESSAGES.emailInvalid;
}

export function validatePassword(password: string): string | undefined {
  return isPasswordValid(password) ? undefined : MESSAGES.passwordRule;
}

export function validateConfirmation(password: string, confirmPassword: string): string | undefined {
  return confirmPassword !== password ? MESSAGES.confirmMismatch : undefined;
}

/** Every field error of the sign-up form; empty when the form may be sent. */
export function validateSignup(values: SignupValues): SignupErrors {
  const errors: SignupErrors = {
    username: validateUsername(values.username),
    email: validateEmail(values.email),
    password: validatePassword(values.password),
    confirmPassword: validateConfirmation(values.password, values.confirmPassword),
    acceptTerms: values.acceptTerms ? undefined : MESSAGES.termsRequired,
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined)) as SignupErrors;
}

/** The login form's problems: `form` when a field is empty, `email` (sign-up's rule) when the e-mail is typed but invalid. */
export interface LoginErrors {
  form?: string;
  email?: string;
}

/** Both fields required ('Todos los campos son obligatorios'); a typed e-mail follows the sign-up rule ('Correo inválido'). */
export function validateLogin(email: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  if (email.trim() === '' || password === '') errors.form = MESSAGES.loginRequired;
  if (email.trim() !== '') {
    const invalid = validateEmail(email);
    if (invalid) errors.email = invalid;
  }
  return errors;
}

export function validateForgotPassword(email: string): string | undefined {
  return email.trim() === '' ? MESSAGES.forgotEmailRequired : undefined;
}

export function validateResetPassword(password: string, confirmPassword: string): string | undefined {
  if (password !== confirmPassword) return MESSAGES.resetMismatch;
  if (!isPasswordValid(password)) return MESSAGES.resetRule;
  return undefined;
}
