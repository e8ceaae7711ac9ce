// A liga's invitation link (/liga/<code>) as the server sends it. The invitation page is one
// prerendered skeleton for every code (src/lib/prerender.ts, LIGA_INVITE_TEMPLATE); whoever serves
// it reads the liga here and writes it into the page twice: the Open Graph card in its head (for
// WhatsApp's preview and any crawler that reads a page without running it), and the invitation
// itself in its body (name, owner, members, the round's deadline, "Unirme a la liga" as a real
// link), so the page is whole before any script runs and a visitor's phone runs none until he
// needs the app (src/lib/prerender.ts, the boot script; docs/decisions/ligas.md, "The invitation
// page without the app"). Locally scripts/serve-app.ts, in production the static host's edge function
// (docs/deploy.md). Web standards only (fetch, strings), so both run it as it is.
import { INVALID_TEXT, INVALID_TITLE, INVITE_CLASSES as css, INVITE_INTRO, INVITE_KICKER, INVITE_LABELS as words, joinOnArrivalPath, memberCount, roundLine, signUpPath } from '../src/features/leagues/invite-words.ts';
import { formatDeadline } from '../src/lib/time.ts';

export interface LigaPreview {
  name: string;
  prize_note: string | null;
  owner_username: string;
  member_count: number;
  deadline: string | null;
  quiniela_name: string | null;
}

/** What the server knows of a code: the liga, `null` when no liga has it (mistyped or renewed),
 * `undefined` when it could not ask (the API slow or down: the app reads it itself). */
export type LigaRead = LigaPreview | null | undefined;

/** The code of an invitation path (`/liga/ABCD2345`), or null for any other path. */
export function ligaCodeOf(urlPath: string): string | null {
  return /^\/liga\/([A-Za-z0-9]{4,16})\/?$/.exec(urlPath)?.[1] ?? null;
}

/** The liga's public preview (public.get_league_preview, granted to anon), null when the code
 * names no liga, undefined when the API does not answer in time: a slow database must not hold
 * the page. */
export async function fetchLigaPreview(api: { url: string; anonKey: string }, code: string, timeoutMs = 1500): Promise<LigaRead> {
  try {
    const response = await fetch(`${api.url.replace(/\/$/, '')}/rest/v1/rpc/get_league_preview`, {
      method: 'POST',
      headers: { apikey: api.anonKey, Authorization: `Bearer ${api.anonKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return undefined;
    const rows = (await response.json()) as LigaPreview[];
    return Array.isArray(rows) ? (rows[0] ?? null) : undefined;
  } catch {
    return undefined;
  }
}

/** Text for HTML, in an element or a quoted attribute: the liga's name, owner and prize line are
 * players' words. */
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** What the card says: the liga's own words when the code names one, an invitation otherwise. */
export function ligaCard(preview: LigaRead): { title: string; description: string } {
  if (!preview) return { title: 'Te invitaron a una liga de Quinielazo', description: 'Juega la quiniela de cada semana con tu grupo, en su propia tabla. Es gratis.' };
  const members = memberCount(preview.member_count);
  const round = preview.deadline ? ` La quiniela de esta semana cierra el ${formatDeadline(preview.deadline)}.` : '';
  return { title: `${preview.name} · Liga de Quinielazo`, description: `${preview.owner_username} te invita a su liga (${members}).${round}` };
}

/** The invitation page with the card's tags in its head (the page's own title too). */
export function withLigaCard(html: string, preview: LigaRead, pageUrl: string): string {
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

/** The invitation as a visitor sees it, the same markup the app's screen draws for him
 * (src/features/leagues/components/invite-page.tsx, sharing invite-words.ts): links that work
 * without scripts, every player's word escaped. */
export function ligaInviteBody(preview: LigaPreview | null, code: string): string {
  const el = (tag: string, className: string, content: string, attributes = '') => `<${tag} class="${escape(className)}"${attributes}>${content}</${tag}>`;
  if (!preview) {
    return el('section', css.card, el('h1', css.invalidTitle, escape(INVALID_TITLE)) + el('p', css.invalidText, escape(INVALID_TEXT)) + el('a', css.secondaryLink, escape(words.home), ' href="/"'));
  }
  const fact = (className: string, label: string, valueClass: string, value: string) => el('div', className, el('dt', css.factLabel, escape(label)) + el('dd', valueClass, escape(value)));
  return el(
    'section',
    css.card,
    el('p', css.kicker, escape(INVITE_KICKER)) +
      el('p', css.intro, escape(INVITE_INTRO)) +
      el('h1', css.name, escape(preview.name)) +
      el(
        'dl',
        css.facts,
        fact(css.fact, words.owner, css.ownerValue, preview.owner_username) +
          fact(css.fact, words.members, css.factValue, memberCount(preview.member_count)) +
          fact(css.wideFact, words.round, css.factValue, roundLine(preview.quiniela_name, preview.deadline)),
      ) +
      (preview.prize_note ? el('p', css.prize, escape(words.prize + preview.prize_note)) : '') +
      // A player's phone hides these until the app shows his own (scripts/prerender.ts).
      el('a', css.primaryLink, escape(words.join), ` href="${escape(signUpPath(code))}" data-visitor-only`) +
      el('p', css.signInLine, `${escape(words.hasAccount)} ${el('a', css.signInLink, escape(words.signIn), ` href="${escape(`/login?redirect=${encodeURIComponent(joinOnArrivalPath(code))}`)}"`)}`, ' data-visitor-only'),
  );
}

/** The header's "Iniciar sesión" and "Crear cuenta" and the footer's "Regístrate gratis" keep the
 * invitation, as the app draws them on this page (src/features/leagues/invite-roads.ts): the
 * skeleton was rendered for no code. Also when the liga could not be read: the app hydrates the
 * skeleton with these links. */
function withInviteRoads(html: string, code: string): string {
  const logIn = `/login?redirect=${encodeURIComponent(joinOnArrivalPath(code))}`;
  return html.replaceAll('href="/signup"', () => `href="${escape(signUpPath(code))}"`).replaceAll('href="/login"', () => `href="${escape(logIn)}"`);
}

/** The root's mark for a page the server completed: the boot script starts the app there only
 * when it is needed (scripts/prerender.ts), and the app does not hydrate that markup (it is not
 * the skeleton the build rendered) but draws the page anew, in one commit (src/app/main.tsx). */
const ON_DEMAND = 'data-app-on-demand';

/**
 * The invitation page for a code: the card in its head, and when the server could read the liga
 * (or knows no liga has the code) the invitation in the page's <main> instead of the skeleton.
 * When it could not ask, the page stays the skeleton and the app reads the liga as before.
 */
export function withLigaInvite(html: string, read: LigaRead, pageUrl: string, code: string): string {
  const page = withInviteRoads(withLigaCard(html, read, pageUrl), code);
  if (read === undefined) return page;
  const main = /(<main id="contenido"[^>]*>)[\s\S]*?(<\/main>)/.exec(page);
  const root = /<div id="root"/.exec(page);
  if (!main || !root) return page;
  return (
    page
      .replace(main[0], () => `${main[1]}${ligaInviteBody(read, code)}${main[2]}`)
      .replace(root[0], () => `${root[0]} ${ON_DEMAND}=""`)
      // The header's "Iniciar sesión" and "Crear cuenta" wait, hidden, for the app to know the
      // session (components/layout/public-header.tsx); here nobody waits: a visitor sees them,
      // a player's phone hides them until his own header is drawn.
      .replace(/(<nav aria-label="Principal" class="[^"]*?) invisible"/, (_, open: string) => `${open}" data-visitor-only`)
  );
}
