// The contact form's rules, the same the send-contact-email function enforces (all fields
// required, a valid e-mail, at most 5000 characters), checked first in the browser so a visitor
// learns what to fix next to the field. Pure, so every message is unit-tested.

export const CONTACT_MESSAGE_MAX = 5000;

export interface ContactInput {
  name: string;
  email: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactInput, string>>;

export const CONTACT_MESSAGES = {
  nameRequired: 'Escribe tu nombre.',
  emailRequired: 'Escribe tu correo electrónico.',
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
  if (!input.name.trim()) errors.name = CONTACT_MESSAGES.nameRequired;
  if (!email) errors.email = CONTACT_MESSAGES.emailRequired;
  else if (!EMAIL.test(email)) errors.email = CONTACT_MESSAGES.emailInvalid;
  if (!message) errors.message = CONTACT_MESSAGES.messageRequired;
  else if (message.length > CONTACT_MESSAGE_MAX) errors.message = CONTACT_MESSAGES.messageTooLong;
  return errors;
}

/** What is sent: trimmed, the e-mail lowercased (as the function stores it). */
export function normalizeContact(input: ContactInput): ContactInput {
  return { name: input.name.trim(), email: input.email.trim().toLowerCase(), message: input.message.trim() };
}
