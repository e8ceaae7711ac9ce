// How visitors reach the team: the inbox send-contact-email delivers to (its CONTACT_INBOX
// default) and the reply time the spec promises (§9: within 12 hours).
export const CONTACT_EMAIL = 'contacto@quinielazo.mx';
export const CONTACT_REPLY_HOURS = 12;
