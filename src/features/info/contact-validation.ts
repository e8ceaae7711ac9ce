// The contact form's rules, the same the send-contact-email function enforces (all fields
// required, a valid e-mail, a name of at most 100 characters, an e-mail of at most 254, a
// message of at most 5000), checked first in the browser so a visitor learns what to fix next
// to the field. Pure, so every message is unit-tested.

const CONTACT_NAME_MAX = 100;
const CONTACT_EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MAX = 5000;

export interface ContactInput {
  name: string;
  email: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactInput, string>>;

export const CONTACT_MESSAGES = {
  nameRequired: 'Escribe tu nombre.',
  nameTooLong: `Tu nombre es muy largo (máximo ${CONTACT_NAME_MAX} caracteres).`,
  emailRequired: 'Escribe tu correo electrónico.',
  emailTooLong: `Tu correo es muy largo (máximo ${CONTACT_EMAIL_MAX} caracteres).`,
  emailInvalid: 'Correo inválido',
  messageRequired: 'Escribe tu mensaje.',
  messageTooLong: `Tu mensaje es muy largo (máximo ${CONTACT_MESSAGE_MAX} caracteres).`,
  sent: '✅ Mensaje enviado. ¡Gracias por contactarnos!',
  failed: '❌ Error al enviar el mensaje. Intenta más tarde.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateContact(input: ContactInput): ContactErrors {
  const errors: ContactErrors = {};
  const email = input.email.trim();
  const message = input.message.trim();
  const name = input.name.trim();
  if (!name) errors.name = CONTACT_MESSAGES.nameRequired;
  else if (name.length > CONTACT_NAME_MAX) errors.name = CONTACT_MESSAGES.nameTooLong;
  if (!email) errors.email = CONTACT_MESSAGES.emailRequired;
  else if (email.length > CONTACT_EMAIL_MAX) errors.email = CONTACT_MESSAGES.emailTooLong;
  else if (!EMAIL.test(email)) errors.email = CONTACT_MESSAGES.emailInvalid;
  if (!message) errors.message = CONTACT_MESSAGES.messageRequired;
  else if (message.length > CONTACT_MESSAGE_MAX) errors.message = CONTACT_MESSAGES.messageTooLong;
  return errors;
}

/** What is sent: trimmed, the e-mail lowercased (as the function stores it). */
export function normalizeContact(input: ContactInput): ContactInput {
  return { name: input.name.trim(), email: input.email.trim().toLowerCase(), message: input.message.trim() };
}
