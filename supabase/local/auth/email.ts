// GoTrue's e-mail check (`validateEmail` in internal/api/mail.go): present, at most 255
// characters, and badoux/checkmail's `ValidateFormat` pattern, on the address exactly as sent
// (GoTrue does not trim); the address is then kept lowercased. So `josé@example.com` and
// `xx:;x@x.x` are refused and `user@localhost` is taken, as on hosted Supabase.
import { badRequest } from './errors.ts';

/** checkmail's pattern, unchanged: ASCII local part, domain labels of letters, digits and inner hyphens. */
const GOTRUE_EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function validateEmail(raw: unknown): string {
  const email = typeof raw === 'string' ? raw : '';
  if (!email) throw badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!GOTRUE_EMAIL.test(email)) throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}
