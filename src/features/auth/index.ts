// What /settings uses of auth (a player changing his password or e-mail there): the password
// field and the product's password and e-mail rules, and GoTrue's errors in Spanish, one source
// for the auth screens and settings alike.
export { PasswordField } from './components/password-field';
export { PasswordStrength } from './components/password-strength';
export { authErrorCode, authErrorMessage } from './auth-errors';
export { normalizeEmail, validateEmail, validateResetPassword } from './validation';
