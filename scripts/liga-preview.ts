// The Open Graph card of a liga's invitation link (/liga/<code>), for WhatsApp's preview and any
// other crawler that reads a page's <head> without running it. The invitation page is one
// prerendered skeleton for every code (src/lib/prerender.ts, LIGA_INVITE_TEMPLATE); whoever serves
// it puts the liga's name, owner, members and the round's deadline in its head here: locally
// scripts/serve-app.ts, in production the static host's edge function (docs/deploy.md). Web
// standards only (fetch, strings), so both run it as it is. docs/decisions.md, "Ligas".
import { formatDeadline } from '../src/lib/time.ts';

export interface LigaPreview {
  name: string;
  owner_username: string;
  member_count: number;
  deadline: string | null;
  quiniela_name: string | null;
}

/** The code of an invitation path (`/liga/ABCD2345`), or null for any other path. */
export function ligaCodeOf(urlPath: string): string | null {
  return /^\/liga\/([A-Za-z0-9]{4,16})\/?$/.exec(urlPath)?.[1] ?? null;
}

/** The liga's public preview (public.get_league_preview, granted to anon), or null when the code
 * names no liga or the API does not answer in time: a slow database must not hold the page. */
export async function fetchLigaPreview(api: { url: string; anonKey: string }, code: string, timeoutMs = 1500): Promise<LigaPreview | null> {
  try {
    const response = await fetch(`${api.url.replace(/\/$/, '')}/rest/v1/rpc/get_league_preview`, {
      method: 'POST',
      headers: { apikey: api.anonKey, Authorization: `Bearer ${api.anonKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return null;
    const rows = (await response.json()) as LigaPreview[];
    return rows[0] ?? null;
  } catch {
    return null;
  }
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What the card says: the liga's own words when the code names one, an invitation otherwise. */
export function ligaCard(preview: LigaPreview | null): { title: string; description: string } {
  if (!preview) return { title: 'Te invitaron a una liga de Quinielazo', description: 'Juega la quiniela de cada semana con tu grupo, en su propia tabla. Es gratis.' };
  const members = `${preview.member_count} ${preview.member_count === 1 ? 'miembro' : 'miembros'}`;
  const round = preview.deadline ? ` La quiniela de esta semana cierra el ${formatDeadline(preview.deadline)}.` : '';
  return { title: `${preview.name} · Liga de Quinielazo`, description: `${preview.owner_username} te invita a su liga (${members}).${round}` };
}

/** The invitation page with the card's tags in its head (the page's own title too). */
export function withLigaCard(html: string, preview: LigaPreview | null, pageUrl: string): string {
  const { title, description } = ligaCard(preview);
  const image = new URL('/og/liga.png', pageUrl).href;
  const tags = [
    ['og:type', 'website'],
    ['og:site_name', 'Quinielazo'],
    ['og:locale', 'es_MX'],
    ['og:url', pageUrl],
    ['og:title', title],
    ['og:description', description],
    ['og:image', image],
    ['og:image:width', '1200'],
    ['og:image:height', '630'],
    ['og:image:alt', 'Quinielazo: ligas privadas'],
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escape(content)}" />`)
    .concat(`<meta name="twitter:card" content="summary_large_image" />`)
    .join('');
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escape(title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/?>/, () => `<meta name="description" content="${escape(description)}" />`)
    .replace('</head>', () => `${tags}</head>`);
}
