// E-mail codes: the six digits a mail shows (for verifyOtp with `token`) and the hash its link
// carries (`token_hash`), one stored hash for both, as GoTrue keeps them in auth.users.
//
// Guessing, and what stops it (issue 27):
// - GoTrue's hash is sha224(email + code), so anyone who knows the address can compute the hash
//   of every guess and try the 10^6 of them on the `token_hash` road, where no wrong try can be
//   told apart from a stale link and none counts against a code. Here the hash is an HMAC under
//   a key of the database's own (auth.email_code_key, made by bootstrap.sql): a link's hash is
//   as unguessable as the key, so the `token_hash` road offers nothing to guess, and its wrong
//   tries need no counting. Attributing them instead (a wrong hash counting against every live
//   code of its type) would let any stranger with five garbage hashes, or a player opening an
//   old link twice, kill everyone's codes.
// - The `token` road names the address, so a wrong code counts against every live code of that
//   address (all kinds, the reauthentication nonce included, so switching `type` buys nothing),
//   in the database (auth.email_code_tries) for the code's whole life: no window resets it, nor
//   a restart. The MAX_WRONG_CODES-th kills its six digits, not its link: the link's hash is
//   unguessable, and killing it let anyone with five wrong tries take the owner's way in (issue 41).
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { MAX_WRONG_CODES } from './limits.ts';
import type { Queryable } from './store.ts';

/** The hash stored and linked for a code of an address. */
export const tokenHash = (key: Buffer, email: string, otp: string) => createHmac('sha224', key).update(email.toLowerCase() + otp).digest('hex');

/** A fresh six-digit code and its hash. */
export function newOtp(key: Buffer, email: string): { otp: string; hash: string } {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { otp, hash: tokenHash(key, email, otp) };
}

/** The database's key for code hashes (made once by bootstrap.sql; made here if missing). */
export async function codeHashKey(db: Queryable): Promise<Buffer> {
  await db.query(`insert into auth.email_code_key (key) values ($1) on conflict do nothing`, [randomBytes(32).toString('hex')]);
  const { rows } = await db.query<{ key: string }>(`select key from auth.email_code_key`);
  return Buffer.from(rows[0].key, 'hex');
}

/**
 * Counts a wrong code for an address against each of its live codes. The caller holds the
 * address's user rows (`for update`), so tries made at the same moment are counted one after
 * another and none slips past the limit.
 */
export async function countWrongCode(db: Queryable, email: string, ttlSeconds: number): Promise<void> {
  await db.query(
    `with live(hash) as (
       select confirmation_token from auth.users
        where lower(email) = $1 and confirmation_token <> '' and confirmation_sent_at > now() - make_interval(secs => $2)
       union all
       select recovery_token from auth.users
        where lower(email) = $1 and recovery_token <> '' and recovery_sent_at > now() - make_interval(secs => $2)
       union all
       select email_change_token_new from auth.users
        where lower(email_change) = $1 and email_change_token_new <> '' and email_change_sent_at > now() - make_interval(secs => $2)
       union all
       select email_change_token_current from auth.users
        where lower(email) = $1 and email_change_token_current <> '' and email_change_sent_at > now() - make_interval(secs => $2)
       union all
       select reauthentication_token from auth.users
        where lower(email) = $1 and reauthentication_token <> '' and reauthentication_sent_at > now() - make_interval(secs => $2)
     )
     insert into auth.email_code_tries (token_hash, wrong_tries) select hash, 1 from live
     on conflict (token_hash) do update set wrong_tries = auth.email_code_tries.wrong_tries + 1, updated_at = now()`,
    [email.toLowerCase(), ttlSeconds],
  );
  // A row last touched longer ago than a code lives belongs to a dead code.
  await db.query(`delete from auth.email_code_tries where updated_at < now() - make_interval(secs => $1)`, [ttlSeconds]);
}

/** Whether a code's six digits may still be tried (its link always may, while it lives). */
export async function digitsAlive(db: Queryable, hash: string): Promise<boolean> {
  const { rowCount } = await db.query(`select 1 from auth.email_code_tries where token_hash = $1 and wrong_tries >= $2`, [hash, MAX_WRONG_CODES]);
  return !rowCount;
}

/** A used code's count goes with it. */
export async function forgetCode(db: Queryable, hash: string): Promise<void> {
  await db.query(`delete from auth.email_code_tries where token_hash = $1`, [hash]);
}
