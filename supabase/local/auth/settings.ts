// The [auth] settings of a config.toml the local auth server honours, with the Supabase CLI's
// defaults for what the file leaves out (the CLI's GoTrue variables in brackets):
// - [auth] enable_signup (GOTRUE_DISABLE_SIGNUP, negated): false refuses new accounts, 422 signup_disabled;
// - [auth.email] enable_signup (GOTRUE_EXTERNAL_EMAIL_ENABLED): false refuses e-mail sign-ups
//   (400) and e-mail logins (422), email_provider_disabled;
// - [auth.email] enable_confirmations (GOTRUE_MAILER_AUTOCONFIRM, negated; CLI default false):
//   false confirms a sign-up at once and answers it with a session;
// - [auth] jwt_expiry (GOTRUE_JWT_EXP, default 3600 s): the access token's lifetime;
// - [auth] site_url and additional_redirect_urls (GOTRUE_SITE_URL, GOTRUE_URI_ALLOW_LIST);
// - [auth.email] double_confirm_changes (GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED, CLI default
//   true): an e-mail change mails both addresses and completes once both are confirmed;
// - [auth.email] secure_password_change (GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION,
//   CLI default false): a password change in a session older than 24 h needs the nonce mailed
//   by /reauthenticate.
// Passwords, rate limits, the sign-up hook and the templates have their own modules.
import { configTable, readSupabaseConfig } from '../config-toml.ts';

export interface AuthSettings {
  signupEnabled: boolean;
  emailEnabled: boolean;
  confirmations: boolean;
  jwtExpiry: number;
  siteUrl: string | undefined;
  additionalRedirectUrls: string[];
  doubleConfirmChanges: boolean;
  securePasswordChange: boolean;
}

const flag = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);

export function loadAuthSettings(configFile: string): AuthSettings {
  const config = readSupabaseConfig(configFile);
  const auth = configTable(config, 'auth');
  const email = configTable(config, 'auth.email');
  const list = Array.isArray(auth.additional_redirect_urls) ? auth.additional_redirect_urls : [];
  const expiry = auth.jwt_expiry;
  return {
    signupEnabled: flag(auth.enable_signup, true),
    emailEnabled: flag(email.enable_signup, true),
    confirmations: flag(email.enable_confirmations, false),
    // GoTrue takes 1 s to a week; anything else is a broken file, refused at start.
    jwtExpiry: expiry === undefined ? 3600 : validExpiry(expiry, configFile),
    siteUrl: typeof auth.site_url === 'string' ? auth.site_url : undefined,
    additionalRedirectUrls: list.filter((u): u is string => typeof u === 'string'),
    doubleConfirmChanges: flag(email.double_confirm_changes, true),
    securePasswordChange: flag(email.secure_password_change, false),
  };
}

function validExpiry(v: unknown, configFile: string): number {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 604_800) return v;
  throw new Error(`${configFile}: [auth] jwt_expiry must be a whole number of seconds from 1 to 604800`);
}
