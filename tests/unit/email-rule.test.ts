// One e-mail rule: the sign-up form accepts exactly the addresses the auth server does (GoTrue's
// validateEmail, which supabase/local/auth/email.ts reproduces and tests/contract pins), so no
// address passes the form and is then refused in production. The same list goes through both.
import { describe, expect, it } from 'vitest';
import { validateEmail as appCheck } from '../../src/features/auth/validation.ts';
import { validateEmail as serverCheck } from '../../supabase/local/auth/email.ts';

const ADDRESSES = [
  'ana@quinielazo.mx', 'ana+quinielas@quinielazo.mx', 'a.n.a@mail.quinielazo.com.mx', 'beto@correo-1.mx', 'x@xn--mxico-bsa.mx',
  'user@localhost', "o'brien@example.com", 'Ana@Quinielazo.MX', '1@2.3',
  'josé@example.com', 'jose@fútbol.mx', 'xx:;x@x.x', 'ana@quinielazo.mx.', 'pepe@quinielazo..mx', 'pepe@-bad-.mx', 'pepe@xn--.mx',
  'ana.quinielazo.mx', '@quinielazo.mx', 'ana@', 'ana@@quinielazo.mx', 'ana @quinielazo.mx', 'ana@quiniela zo.mx', '"ana"@quinielazo.mx',
  `${'a'.repeat(250)}@x.mx`, `${'a'.repeat(240)}@x.mx`,
];

const serverAccepts = (email: string) => {
  try {
    serverCheck(email);
    return true;
  } catch {
    return false;
  }
};

describe('the e-mail rule', () => {
  it('is the same in the sign-up form and on the auth server, for every address of the list', () => {
    const verdicts = ADDRESSES.map((email) => ({ email, app: appCheck(email) === undefined, server: serverAccepts(email) }));
    expect(verdicts.filter((v) => v.app !== v.server)).toEqual([]);
    // The list holds both kinds, so agreeing is not agreeing on everything.
    expect(verdicts.filter((v) => v.server).length).toBeGreaterThan(5);
    expect(verdicts.filter((v) => !v.server).length).toBeGreaterThan(10);
  });
});
