// Pro's words on screen (docs/product.md#pro): the spec's messages where it gives them.
export const PRO_MESSAGES = {
  signIn: 'Debes iniciar sesión.',
  paymentFailed: 'No se pudo iniciar el pago. Intenta de nuevo en unos minutos.',
  copyFailed: 'No se pudo copiar desde la versión gratis.',
  saveFailed: 'Error al guardar. Intenta de nuevo.',
  roundNotFound: 'Quiniela no encontrada.',
  noEntries: 'No tienes entradas para esta quiniela.',
  noPaidEntries: 'No hay entradas pagadas todavía.',
  saved: 'Predicción guardada',
  closedRefused: 'La quiniela ya cerró: este cambio no se guardó.',
  refused: 'Un cambio no se guardó: el motivo está bajo su partido.',
  adultRequired: 'Confirma que tienes 18 años o más para jugar Pro.',
  /** Where MercadoPago sends the buyer back (`?pago=` on /pro/<round>). */
  back: {
    aprobado: '¡Pago aprobado! Tus entradas aparecen en cuanto MercadoPago nos confirma el pago.',
    pendiente: 'Tu pago está pendiente. Tus entradas aparecerán aquí cuando MercadoPago lo apruebe.',
    rechazado: 'Tu pago fue rechazado y no se te cobró. Puedes intentar con otra tarjeta.',
  },
} as const;

/** How long the "saved" message stays after a Pro pick (spec §9: 3 s). */
export const PRO_SAVED_MS = 3000;
