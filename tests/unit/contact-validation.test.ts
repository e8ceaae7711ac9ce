import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, normalizeContact, validateContact } from '../../src/features/info/contact-validation';

const valid = { name: 'Ana', email: 'ana@correo.mx', message: 'Hola' };

describe('contact form validation', () => {
  it('accepts a complete message', () => {
    expect(validateContact(valid)).toEqual({});
  });

  it('requires every field, blanks included', () => {
    expect(validateContact({ name: ' ', email: '', message: '\n' })).toEqual({
      name: CONTACT_MESSAGES.nameRequired,
      email: CONTACT_MESSAGES.emailRequired,
      message: CONTACT_MESSAGES.messageRequired,
    });
  });

  it('rejects an e-mail the function would reject', () => {
    expect(validateContact({ ...valid, email: 'ana@correo' }).email).toBe('Correo inválido');
    expect(validateContact({ ...valid, email: 'ana correo@x.mx' }).email).toBe('Correo inválido');
  });

  it('limits the message to 5000 characters after trimming', () => {
    expect(validateContact({ ...valid, message: `${'a'.repeat(5000)}  ` })).toEqual({});
    expect(validateContact({ ...valid, message: 'a'.repeat(5001) }).message).toBe(CONTACT_MESSAGES.messageTooLong);
  });

  it('limits the name to 100 characters and the e-mail to 254, as the function does', () => {
    expect(validateContact({ ...valid, name: ` ${'N'.repeat(100)} ` })).toEqual({});
    expect(validateContact({ ...valid, name: 'N'.repeat(101) }).name).toBe('Tu nombre es muy largo (máximo 100 caracteres).');
    expect(validateContact({ ...valid, email: `${'a'.repeat(244)}@correo.mx` })).toEqual({});
    expect(validateContact({ ...valid, email: `${'a'.repeat(245)}@correo.mx` }).email).toBe('Tu correo es muy largo (máximo 254 caracteres).');
  });

  it('sends trimmed values and a lowercased e-mail', () => {
    expect(normalizeContact({ name: ' Ana ', email: ' Ana@Correo.MX ', message: ' Hola \n' })).toEqual(valid);
  });
});
