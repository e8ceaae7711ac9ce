// How visitors reach the team: the inbox send-contact-email delivers to (its CONTACT_INBOX
// default) and the reply time we promise (docs/product.md#faq-contact-and-privacy: within 12 hours).
export const CONTACT_EMAIL = 'contacto@quinielazo.mx';
export const CONTACT_REPLY_HOURS = 12;
