// GoTrue's error responses. supabase-js sends `X-Supabase-Api-Version: 2024-01-01` on every
// call; GoTrue then answers `{code: '<error_code>', message}` (and `weak_password.reasons`),
// otherwise the legacy `{code: <status>, error_code, msg}`. auth-js reads both shapes.
import type { IncomingMessage } from 'node:http';

const API_VERSION_HEADER = 'x-supabase-api-version';
export const API_VERSION = '2024-01-01';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly weakPasswordReasons?: string[],
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const unauthorized = (code: string, message: string) => new AuthError(401, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);

/** The JSON body GoTrue sends for an error, for the API version the request asked for. */
export function errorBody(req: IncomingMessage, e: AuthError): Record<string, unknown> {
  const asked = String(req.headers[API_VERSION_HEADER] ?? '');
  const versioned = /^\d{4}-\d{2}-\d{2}$/.test(asked) && asked >= API_VERSION;
  const body: Record<string, unknown> = versioned
    ? { code: e.errorCode, message: e.message }
    : { code: e.status, error_code: e.errorCode, msg: e.message };
  if (e.weakPasswordReasons) body.weak_password = { reasons: e.weakPasswordReasons };
  return body;
}
