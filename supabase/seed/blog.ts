// The three blog posts the product ships with (docs/product.md#blog: a guide and two Community recaps)
// and their banners, generated as SVG into public/blog/ so the blog works offline.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PUBLIC_DIR } from './crests.ts';

export interface BlogPost {
  slug: string;
  title: string;
  category: string;
  excerpt: string;
  bannerUrl: string;
  publishedAt: string;
  bodyHtml: string;
  banner: { from: string; to: string; kicker: string; headline: string };
}

export const posts: BlogPost[] = [
  {
    slug: 'que-es-quinielazo',
    title: '¿Qué es Quinielazo y cómo se juega?',
    category: 'Guía',
    excerpt: 'Todo lo que necesitas para jugar la quiniela gratis más emocionante de México: cómo elegir, cómo se suman los puntos y cómo ganar premios cada mes.',
    bannerUrl: '/blog/que-es-quinielazo.svg',
    publishedAt: '2025-06-02T15:00:00Z',
    banner: { from: '#0B6E4F', to: '#08415C', kicker: 'GUÍA', headline: '¿Qué es Quinielazo?' },
    bodyHtml: `<p><strong>Quinielazo</strong> es una quiniela de fútbol <strong>100% gratis</strong> para jugar desde tu celular. Cada semana publicamos 12 partidos de la Liga MX y de las mejores ligas del mundo; tú eliges el resultado de cada uno antes del cierre y sumas puntos para pelear el primer lugar del mes.</p>
<h2>1. Crea tu cuenta</h2>
<p>Regístrate con tu correo, elige tu nombre de usuario y confirma tu cuenta desde el enlace que te llega por correo. Si un amigo te invitó, su código de referido se guarda solo.</p>
<h2>2. Elige tus resultados</h2>
<p>En cada partido marca <strong>Local</strong>, <strong>Empate</strong> o <strong>Visita</strong>. Puedes guardar y editar tus predicciones cuantas veces quieras hasta la hora de cierre (hora del Centro). Si se te va la señal en el camión, no pasa nada: tus predicciones se guardan en el teléfono y se envían solas cuando vuelves a tener conexión.</p>
<h2>3. Suma puntos</h2>
<p>Los puntos dependen de cuántos aciertos tengas en la quiniela:</p>
<ul>
<li>4 aciertos: 6 puntos · 5: 8 · 6: 10 · 7: 15 · 8: 20</li>
<li>9 aciertos: 30 puntos · 10: 45 · 11: 65 · <strong>12: 90</strong></li>
</ul>
<p>Además hay bonos: el <strong>partido especial</strong> y la <strong>sorpresa</strong> de cada quiniela, la <strong>racha</strong> por jugar dos semanas seguidas (+5), el <strong>mes completo</strong> (+10), la <strong>bienvenida</strong> en tu primera quiniela (+8) y <strong>+3 por cada amigo referido</strong> que juegue. La última quiniela de cada mes vale <strong>×1.5</strong>.</p>
<h2>4. Gana premios</h2>
<p>Cada mes premiamos a los 5 mejores de la tabla: $1,000, $300, $200, $100 y $100 MXN. También hay $300 para la mejor quiniela de la semana y <strong>$5,000</strong> para quien acierte los 12 partidos.</p>
<h2>Quinielazo Boost</h2>
<p>Todos los días hay un reto extra sobre los partidos de mañana: quién gana, marcador exacto, sí o no, o más/menos goles. Cierra a las 11:59 p. m. y sus puntos se suman a tu total del mes.</p>
<p>¿Listo? Entra a <a href="/quinielazo-de-la-semana">la quiniela de la semana</a> y haz tus predicciones. ¡Suerte!</p>`,
  },
  {
    slug: 'resumen-junio',
    title: 'Resumen de junio: así arrancó la comunidad Quinielazo',
    category: 'Community',
    excerpt: 'Primer mes, primeras rachas y un 11 de 12 que casi rompe la banca. Te contamos lo mejor de junio en Quinielazo.',
    bannerUrl: '/blog/resumen-junio.svg',
    publishedAt: '2025-07-01T16:00:00Z',
    banner: { from: '#C8102E', to: '#5B0B1A', kicker: 'COMUNIDAD', headline: 'Resumen de junio' },
    bodyHtml: `<p>Junio fue el mes en que todo empezó. Con la Copa Oro calentando el verano y los amistosos de pretemporada, la comunidad de Quinielazo creció semana a semana y la tabla se apretó hasta la última quiniela.</p>
<h2>Los números del mes</h2>
<ul>
<li>4 quinielas jugadas, 48 partidos por adivinar.</li>
<li>El Empate fue el resultado más difícil: apenas 1 de cada 4 predicciones lo acertó.</li>
<li>La mejor quiniela del mes fue de <strong>11 aciertos</strong>: ¡a un partido de los $5,000!</li>
</ul>
<h2>El podio</h2>
<p>La pelea por el primer lugar se definió en la última quiniela del mes, la que vale ×1.5. Quien llegó con racha y mes completo sumó 15 puntos extra de bonos y eso marcó la diferencia. Felicidades a los cinco premiados: sus premios ya fueron enviados.</p>
<h2>Lo que aprendimos</h2>
<p>Jugar todas las semanas paga: la racha (+5) y el mes completo (+10) valen tanto como tres aciertos extra. Y no te olvides del Boost diario: en junio los puntos del Boost decidieron dos lugares entre los 5 mejores.</p>
<p>Gracias por jugar. ¡Nos vemos en julio!</p>`,
  },
  {
    slug: 'resumen-julio',
    title: 'Resumen de julio: arranca el Apertura y la tabla se enciende',
    category: 'Community',
    excerpt: 'Regresó la Liga MX, llegaron las sorpresas y los referidos llenaron la tabla de caras nuevas. Esto fue julio en Quinielazo.',
    bannerUrl: '/blog/resumen-julio.svg',
    publishedAt: '2025-08-01T16:00:00Z',
    banner: { from: '#F2A900', to: '#B34700', kicker: 'COMUNIDAD', headline: 'Resumen de julio' },
    bodyHtml: `<p>Con el arranque del Apertura, julio trajo de vuelta los clásicos del fin de semana y, con ellos, las primeras sorpresas de la temporada. Más jugadores, más predicciones y una tabla que cambió de líder tres veces.</p>
<h2>Las sorpresas dieron de qué hablar</h2>
<p>Cada quiniela marcamos un partido sorpresa con puntos extra si gana el que nadie espera. En julio dos de ellos se cumplieron, y quienes se animaron a ir contra la corriente sumaron el bono completo.</p>
<h2>Referidos que juegan</h2>
<p>Muchos de ustedes invitaron a sus cuates: cada amigo que juega su primera quiniela le da <strong>+3 puntos</strong> a quien lo invitó (hasta 10 referidos por mes). Bienvenidos a todos los nuevos quinieleros, que además se llevaron su bono de bienvenida de +8.</p>
<h2>Para agosto</h2>
<ul>
<li>Guarda tus predicciones con tiempo: el cierre es el sábado a las 6:00 p. m., hora del Centro.</li>
<li>Revisa la encuesta del mes en tu panel y dinos qué quieres ver en Quinielazo.</li>
<li>Juega el Boost todos los días: son puntos fáciles para subir en la tabla.</li>
</ul>
<p>¡Gracias por hacer de Quinielazo la quiniela más emocionante de México!</p>`,
  },
];

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function bannerSvg(post: BlogPost): string {
  const { from, to, kicker, headline } = post.banner;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630" role="img" aria-label="${escapeXml(post.title)}">
<title>${escapeXml(post.title)}</title>
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<g fill="none" stroke="#FFFFFF" stroke-opacity="0.18" stroke-width="6"><rect x="640" y="90" width="480" height="450" rx="8"/><line x1="880" y1="90" x2="880" y2="540"/><circle cx="880" cy="315" r="70"/><rect x="640" y="225" width="70" height="180"/><rect x="1050" y="225" width="70" height="180"/></g>
<circle cx="880" cy="315" r="10" fill="#FFFFFF" fill-opacity="0.3"/>
<text x="80" y="250" fill="#FFFFFF" fill-opacity="0.85" font-family="sans-serif" font-size="34" font-weight="700" letter-spacing="6">${escapeXml(kicker)}</text>
<text x="80" y="340" fill="#FFFFFF" font-family="sans-serif" font-size="68" font-weight="800">${escapeXml(headline)}</text>
<text x="80" y="420" fill="#FFFFFF" fill-opacity="0.85" font-family="sans-serif" font-size="36" font-weight="600">Quinielazo</text>
</svg>
`;
}

export async function writeBanners(): Promise<number> {
  const dir = join(PUBLIC_DIR, 'blog');
  await mkdir(dir, { recursive: true });
  for (const post of posts) await writeFile(join(PUBLIC_DIR, post.bannerUrl), bannerSvg(post));
  return posts.length;
}
