import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, normalizeContact, validateContact } from './contact-validation';

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

  it('sends trimmed values and a lowercased e-mail', () => {
    expect(normalizeContact({ name: ' Ana ', email: ' Ana@Correo.MX ', message: ' Hola \n' })).toEqual(valid);
  });
});
