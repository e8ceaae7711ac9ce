// Every validation message of docs/product.md#validation for the auth screens, with its
// password rule (8 characters, letters and digits, reset included).
import { AuthApiError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { authErrorMessage } from '../../src/features/auth/auth-errors.ts';
import {
  MESSAGES,
  normalizeEmail,
  passwordStrength,
  validateConfirmation,
  validateEmail,
  validateForgotPassword,
  validateLogin,
  validatePassword,
  validateResetPassword,
  validateSignup,
  validateUsername,
} from '../../src/features/auth/validation.ts';

const valid = { username: 'Ana_Aguila', email: 'ana@quinielazo.mx', password: 'gol12345', confirmPassword: 'gol12345', acceptTerms: true };

describe('sign-up', () => {
  it('accepts a complete, valid form', () => {
    expect(validateSignup(valid)).toEqual({});
  });

  it("asks for 3 characters in the username ('Mínimo 3 caracteres'), ignoring spaces around it", () => {
    expect(MESSAGES.usernameTooShort).toBe('Mínimo 3 caracteres');
    expect(validateUsername('ab')).toBe('Mínimo 3 caracteres');
    expect(validateUsername('  ab  ')).toBe('Mínimo 3 caracteres');
    expect(validateUsername('abc')).toBeUndefined();
    expect(validateSignup({ ...valid, username: 'ab' })).toEqual({ username: 'Mínimo 3 caracteres' });
  });

  it('says why the database rule refuses a name: too long, or a character outside letters, digits, _, . and -', () => {
    expect(validateUsername('a'.repeat(21))).toBe('Máximo 20 caracteres');
    expect(validateUsername('a'.repeat(20))).toBeUndefined();
    expect(validateUsername('Ana Aguila')).toBe('Solo letras, números, _, . y -');
    expect(validateUsername('\u200B\u200B\u200B')).toBe('Solo letras, números, _, . y -');
    expect(validateUsername(' Peña.Güero-7 ')).toBeUndefined();
  });

  it("names the availability results 'Disponible' and 'Ya está en uso'", () => {
    expect(MESSAGES.usernameAvailable).toBe('Disponible');
    expect(MESSAGES.usernameTaken).toBe('Ya está en uso');
  });

  it("rejects an e-mail without @, with a domain no mail reaches or that GoTrue refuses ('Correo inválido') and trims and lowercases it", () => {
    expect(validateEmail('ana.quinielazo.mx')).toBe('Correo inválido');
    expect(validateEmail('@quinielazo.mx')).toBe('Correo inválido');
    expect(validateEmail('ana@')).toBe('Correo inválido');
    // Domains a mail can never reach (the auth server took them, then failed to send: a 500).
    for (const typo of ['ana@quinielazo.mx.', 'pepe@quinielazo..mx', 'pepe@-bad-.mx', 'pepe@xn--.mx', 'jose@fútbol.mx', 'josé@quinielazo.mx', 'ana @quinielazo.mx', 'ana@quiniela zo.mx']) {
      expect(validateEmail(typo), typo).toBe('Correo inválido');
    }
    for (const fine of ['ana+quinielas@quinielazo.mx', 'a.n.a@mail.quinielazo.com.mx', 'x@xn--mxico-bsa.mx', 'beto@correo-1.mx']) {
      expect(validateEmail(fine), fine).toBeUndefined();
    }
    expect(validateEmail('  Ana@Quinielazo.MX ')).toBeUndefined();
    expect(normalizeEmail('  Ana@Quinielazo.MX ')).toBe('ana@quinielazo.mx');
    expect(validateSignup({ ...valid, email: 'sin-arroba' })).toEqual({ email: 'Correo inválido' });
  });

  it("asks for 8 characters with letters and digits ('Mínimo 8 caracteres, incluir letras y números')", () => {
    const rule = 'Mínimo 8 caracteres, incluir letras y números';
    expect(validatePassword('gol1234')).toBe(rule); // 7 characters
    expect(validatePassword('golazooo')).toBe(rule); // no digit
    expect(validatePassword('12345678')).toBe(rule); // no letter
    expect(validatePassword('gol12345')).toBeUndefined();
    expect(validatePassword('ñandú123')).toBeUndefined(); // accented letters count
  });

  it("asks for a matching confirmation ('No coincide')", () => {
    expect(validateConfirmation('gol12345', 'gol12346')).toBe('No coincide');
    expect(validateConfirmation('gol12345', 'gol12345')).toBeUndefined();
    expect(validateSignup({ ...valid, confirmPassword: '' })).toEqual({ confirmPassword: 'No coincide' });
  });

  it("requires the terms ('Debes aceptar los términos')", () => {
    expect(validateSignup({ ...valid, acceptTerms: false })).toEqual({ acceptTerms: 'Debes aceptar los términos' });
  });

  it('reports every problem of an empty form at once', () => {
    expect(validateSignup({ username: '', email: '', password: '', confirmPassword: '', acceptTerms: false })).toEqual({
      username: 'Mínimo 3 caracteres',
      email: 'Correo inválido',
      password: 'Mínimo 8 caracteres, incluir letras y números',
      acceptTerms: 'Debes aceptar los términos',
    });
  });
});

describe('password strength meter', () => {
  it('counts length 8+, a letter, a digit and a symbol', () => {
    expect(passwordStrength('').score).toBe(0);
    expect(passwordStrength('a').score).toBe(1);
    expect(passwordStrength('a1').score).toBe(2);
    expect(passwordStrength('a1!').score).toBe(3);
    expect(passwordStrength('golazo1!').score).toBe(4);
    // The meter's word never calls a refused password acceptable: 8 letters is 2 checks but 'Débil'.
    expect(passwordStrength('abcdefgh')).toMatchObject({ score: 2, level: 1 });
    expect(passwordStrength('abc!defg')).toMatchObject({ score: 3, level: 1 });
    expect(passwordStrength('golazo12')).toMatchObject({ score: 3, level: 3 });
    expect(passwordStrength('golazo1!').level).toBe(4);
    expect(passwordStrength('12345678').checks.filter((c) => c.met).map((c) => c.id)).toEqual(['length', 'digit']);
    expect(passwordStrength('abc def').checks.find((c) => c.id === 'symbol')?.met).toBe(false); // a space is no symbol
  });
});

describe('login', () => {
  it("requires both fields ('Todos los campos son obligatorios')", () => {
    expect(validateLogin('', 'x')).toEqual({ form: 'Todos los campos son obligatorios' });
    expect(validateLogin('ana@quinielazo.mx', '')).toEqual({ form: 'Todos los campos son obligatorios' });
    expect(validateLogin('   ', 'x')).toEqual({ form: 'Todos los campos son obligatorios' });
    expect(validateLogin('ana@quinielazo.mx', 'x')).toEqual({});
    expect(validateLogin('  Ana@Quinielazo.MX ', 'x')).toEqual({});
  });

  it("checks a typed e-mail with the sign-up rule ('Correo inválido'), not the browser's", () => {
    expect(validateLogin('ana', 'x')).toEqual({ email: 'Correo inválido' });
    expect(validateLogin('ana@', 'x')).toEqual({ email: validateEmail('ana@') });
    expect(validateLogin('@quinielazo.mx', '')).toEqual({ form: 'Todos los campos son obligatorios', email: 'Correo inválido' });
  });
});

describe('forgot password', () => {
  it("requires the e-mail ('Ingresa tu correo electrónico.')", () => {
    expect(validateForgotPassword(' ')).toBe('Ingresa tu correo electrónico.');
    expect(validateForgotPassword('ana@quinielazo.mx')).toBeUndefined();
  });
});

describe('reset password', () => {
  it("requires both passwords to match ('❌ Las contraseñas no coinciden.')", () => {
    expect(validateResetPassword('gol12345', 'gol12346')).toBe('❌ Las contraseñas no coinciden.');
  });

  it('applies the sign-up rule, 8 characters with letters and digits (shared/spec/decisions.md)', () => {
    const rule = '❌ La contraseña debe tener al menos 8 caracteres, incluir letras y números.';
    expect(validateResetPassword('gol123', 'gol123')).toBe(rule);
    expect(validateResetPassword('golazooo', 'golazooo')).toBe(rule);
    expect(validateResetPassword('gol12345', 'gol12345')).toBeUndefined();
  });
});

describe('auth failures in Spanish', () => {
  it("answers the auth server's own failure (a 500, e.g. a confirmation mail it could not send) in Spanish, and still translates the codes a player causes", () => {
    const unsent = new AuthApiError('Error sending confirmation email', 500, 'unexpected_failure');
    expect(authErrorMessage(unsent)).toBe('No pudimos completar tu solicitud. Revisa que tu correo esté bien escrito e intenta de nuevo en unos minutos.');
    expect(authErrorMessage(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'))).toBe('Correo o contraseña incorrectos.');
  });
});
