// The username rule (shared/spec/decisions.md, "Usernames"). The database owns it
// (public.username_problem, public.check_username); the forms ask check_username while the
// player types (lib/check-username.ts). This copy only lets a form answer at once, before the network:
// tests/api/attacks/usernames.test.ts holds it against the database on a table of cases.
const USERNAME_MAX = 20;
const USERNAME_MIN = 3;
/** Letters (ASCII and accented Latin, U+00C0–U+017F without × and ÷), digits, `_`, `.` and `-`. */
const ALLOWED = /^[A-Za-z0-9_.\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u017F-]*$/u;
const EDGE_SPACE = /^[ \t\n\r\f\v]+|[ \t\n\r\f\v]+$/g;

export type UsernameProblem = 'too_short' | 'too_long' | 'invalid';

/** The name as the database stores it: NFKC-normalised, then trimmed. */
export function normalizeUsername(name: string): string {
  return name.normalize('NFKC').replace(EDGE_SPACE, '');
}

/** Why the rule refuses a name, or null; the same order of checks as public.username_problem. */
export function usernameProblem(name: string): UsernameProblem | null {
  const normalized = normalizeUsername(name);
  const length = Array.from(normalized).length;
  if (length > USERNAME_MAX) return 'too_long';
  if (!ALLOWED.test(normalized)) return 'invalid';
  if (length < USERNAME_MIN) return 'too_short';
  return null;
}
