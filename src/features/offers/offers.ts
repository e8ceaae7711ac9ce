// The affiliate offers that support the free game (docs/product.md): a fixed local list of
// three, one chosen at random per day and kept for the browser session, so the card does not
// change under a player while he moves between screens.
export interface Offer {
  id: string;
  partnerName: string;
  /** Served by the app (public/offers/). A raster image: an SVG in an <img> is a document of its
   * own that the page creates and lays out on the main thread. */
  logo: string;
  description: string;
  ctaText: string;
  url: string;
  trustMessage: string;
}

export const OFFERS: readonly Offer[] = [
  {
    id: 'apuesta-norte',
    partnerName: 'Apuesta Norte',
    logo: '/offers/apuesta-norte.png',
    description: 'Duplica tu primer depósito hasta $2,000 para apostar en la Liga MX.',
    ctaText: 'Obtener bono',
    url: 'https://partners.example.com/apuesta-norte?utm_source=quinielazo',
    trustMessage: 'Operador con permiso de la SEGOB.',
  },
  {
    id: 'gol-seguro',
    partnerName: 'Gol Seguro',
    logo: '/offers/gol-seguro.png',
    description: 'Tu primera apuesta de fútbol sin riesgo: si pierdes, te regresamos hasta $500.',
    ctaText: 'Apostar sin riesgo',
    url: 'https://partners.example.com/gol-seguro?utm_source=quinielazo',
    trustMessage: 'Retiros en 24 h a tu cuenta bancaria.',
  },
  {
    id: 'marcador-mx',
    partnerName: 'Marcador MX',
    logo: '/offers/marcador-mx.png',
    description: 'Cuotas mejoradas en cada fecha de la Liga MX para jugadores nuevos.',
    ctaText: 'Ver cuotas',
    url: 'https://partners.example.com/marcador-mx?utm_source=quinielazo',
    trustMessage: 'Más de 10 años en México.',
  },
];

export const RESPONSIBLE_PLAY = 'Juega con responsabilidad. Solo para mayores de 18 años.';

const STORAGE_KEY = 'quinielazo:offer';

interface Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Today's offer for this session: the one already chosen today, or a new random one. `day` is
 * the game's calendar day (Mexico City), so the choice turns over at midnight hora del Centro.
 */
export function offerOfTheDay(day: string, storage: Storage | null, random: () => number = Math.random): Offer {
  try {
    const saved = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null') as { day?: string; id?: string } | null;
    const kept = saved?.day === day ? OFFERS.find((o) => o.id === saved.id) : undefined;
    if (kept) return kept;
  } catch {
    // A damaged value is replaced below.
  }
  const offer = OFFERS[Math.min(OFFERS.length - 1, Math.floor(random() * OFFERS.length))];
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify({ day, id: offer.id }));
  } catch {
    // Private mode or a full storage: the offer simply is not kept.
  }
  return offer;
}
