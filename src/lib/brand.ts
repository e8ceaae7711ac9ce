// The product's name and slug in one place, so a rebrand is one edit (docs/product.md#name-and-language).
export const BRAND = {
  name: 'Quinielazo',
  slug: 'quinielazo',
  description: 'Juega gratis la quiniela de la semana, suma puntos y compite por premios cada mes.',
  /** Brand green: header, theme colour of the installed app, icons. */
  themeColor: '#065f46',
  backgroundColor: '#f8fafc',
} as const;
