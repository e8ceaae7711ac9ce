// Password rules and hashing as GoTrue applies them. The rules come from the project's
// supabase/config.toml ([auth] minimum_password_length, password_requirements), the same
// settings `supabase config push` gives the hosted project; without them the CLI's defaults
// apply: 6 characters, no required kinds (the product's file asks for 8 with letters and digits).
import bcrypt from 'bcryptjs';
import { configTable, readSupabaseConfig } from '../config-toml.ts';
import { AuthError } from './errors.ts';

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = "!@#$%^&*()_+-=[]{};'\\:\"|<>?,./`~";

/** GoTrue's `password_requirements` values → the character sets each must draw from. */
const REQUIREMENTS: Record<string, string[]> = {
  '': [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

export interface PasswordPolicy {
  minLength: number;
  requiredCharacters: string[];
}

export function loadPasswordPolicy(configFile: string): PasswordPolicy {
  const policy = { minLength: 6, requirement: '' };
  const auth = configTable(readSupabaseConfig(configFile), 'auth');
  if (typeof auth.minimum_password_length === 'number') policy.minLength = auth.minimum_password_length;
  const req = auth.password_requirements;
  // Own keys only: `in` would take `constructor` or `toString` from Object.prototype.
  if (typeof req === 'string' && Object.hasOwn(REQUIREMENTS, req)) policy.requirement = req;
  return { minLength: policy.minLength, requiredCharacters: REQUIREMENTS[policy.requirement] };
}

/** Throws GoTrue's 422 `weak_password` with its reasons (`length`, `characters`). */
export function checkPasswordStrength(policy: PasswordPolicy, password: string): void {
  const messages: string[] = [];
  const reasons: string[] = [];
  if (password.length < policy.minLength) {
    messages.push(`Password should be at least ${policy.minLength} characters.`);
    reasons.push('length');
  }
  if (policy.requiredCharacters.some((set) => ![...password].some((c) => set.includes(c)))) {
    messages.push(`Password should contain at least one character of each: ${policy.requiredCharacters.join(', ')}.`);
    reasons.push('characters');
  }
  if (reasons.length) throw new AuthError(422, 'weak_password', messages.join(' '), reasons);
}

/** bcrypt cost 10 with the `$2a$` prefix GoTrue (Go's bcrypt) and pgcrypto's crypt() write. */
export async function hashPassword(password: string): Promise<string> {
  const salt = (await bcrypt.genSalt(10)).replace(/^\$2b\$/, '$2a$');
  return bcrypt.hash(password, salt);
}

export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}
