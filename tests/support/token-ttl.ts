// How long access tokens live on the test platforms. `npm run test:calendar` moves every clock
// into the past with libfaketime except the static PostgREST's, which takes a token only while
// the real clock is before its `exp`: there the harness's platforms issue tokens that outlive the
// shift (QUINIELAZO_TEST_JWT_EXPIRY), and tests that sign their own do the same (docs/testing.md).
const override = Number(process.env.QUINIELAZO_TEST_JWT_EXPIRY) || undefined;

/** The platform's token lifetime in seconds: config.toml's jwt_expiry (3600) unless overridden. */
export const JWT_EXPIRY = override ?? 3600;
/** For the harness's startPlatform: only a calendar run overrides config.toml. */
export const AUTH_JWT_EXPIRY_OVERRIDE = override;
/** A lifetime for tokens a test signs itself, in jose's notation. */
export const TOKEN_TTL = `${JWT_EXPIRY}s`;
