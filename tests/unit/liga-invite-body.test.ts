// The invitation the server writes into /liga/<code>'s body (scripts/liga-preview.ts) before any
// script runs: the liga's name, owner, members and round, "Unirme a la liga" as a real link with
// the liga riding along; a dead code says so; players' words never become markup; and a page the
// server could not complete stays the skeleton the app fills in.
import { describe, expect, it } from 'vitest';
import { ligaInviteBody, withLigaInvite, type LigaPreview } from '../../scripts/liga-preview.ts';

/** The built invitation page's shape (dist/liga/_/index.html): the visitor's header waiting for
 * the session, the skeleton in <main>, the footer. */
const TEMPLATE =
  '<!doctype html><html><head><title>Quinielazo</title><meta name="description" content="x" /></head><body>' +
  '<div id="root" data-prerendered="/liga/_"><!--$--><div class="flex min-h-dvh flex-col"><header><nav aria-label="Principal" class="ml-auto flex invisible"><a href="/login">Iniciar sesión</a></nav></header>' +
  '<main id="contenido" class="mx-auto min-h-svh"><!--$--><div role="status" aria-live="polite" class="mx-auto flex"><span class="sr-only">Cargando la invitación…</span><div class="h-8"></div></div><!--/$--></main>' +
  '<footer><p>Quinielazo</p></footer></div><!--/$--></div><script>boot()</script></body></html>';

const PREVIEW: LigaPreview = {
  name: 'La quiniela de la oficina',
  prize_note: 'El último paga los tacos',
  owner_username: 'ana',
  member_count: 7,
  deadline: '2026-11-28T01:00:00Z',
  quiniela_name: 'Jornada 17',
};

const URL_OF = (code: string) => `https://q.mx/liga/${code}`;
/** The text a reader sees: tags out, entities back. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const main = (html: string) => /<main id="contenido"[^>]*>([\s\S]*)<\/main>/.exec(html)![1]!;

describe("a liga's invitation, written by the server", () => {
  it('shows the liga, its owner, its members, the round and the prize, and links to sign-up and sign-in with the liga', () => {
    const page = withLigaInvite(TEMPLATE, PREVIEW, URL_OF('ABCD2345'), 'ABCD2345');
    const body = main(page);
    expect(body).toContain('<h1 class="text-2xl font-extrabold tracking-tight [overflow-wrap:anywhere]">La quiniela de la oficina</h1>');
    expect(text(body)).toContain('La organiza ana Juegan 7 miembros Quiniela de esta semana Jornada 17: cierra el viernes, 27 de noviembre, 19:00 (hora del Centro)');
    expect(text(body)).toContain('🏆 Premio de la liga: El último paga los tacos');
    expect(body).toMatch(/<a class="[^"]*" href="\/signup\?liga=ABCD2345" data-visitor-only>Unirme a la liga<\/a>/);
    expect(body).toContain('href="/login?redirect=%2Fliga%2FABCD2345%3Funirme%3D1"');
    // The skeleton is gone, the head has the card, and the app knows the page is complete.
    expect(body).not.toContain('Cargando la invitación');
    expect(page).toContain('<div id="root" data-app-on-demand="" data-prerendered="/liga/_">');
    expect(page).toContain('<meta property="og:title" content="La quiniela de la oficina · Liga de Quinielazo" />');
    // The header's sign-in and sign-up show without the app (a player's phone hides them).
    expect(page).toContain('<nav aria-label="Principal" class="ml-auto flex" data-visitor-only>');
    // Everything around <main> is the template's.
    expect(page).toContain('<footer><p>Quinielazo</p></footer></div><!--/$--></div><script>boot()</script></body>');
  });

  it('says one member, and that the next round opens soon when none is open, without a prize line', () => {
    const body = ligaInviteBody({ ...PREVIEW, member_count: 1, deadline: null, quiniela_name: null, prize_note: null }, 'ABCD2345');
    expect(text(body)).toContain('Juegan 1 miembro Quiniela de esta semana La próxima quiniela abre pronto');
    expect(body).not.toContain('Premio');
  });

  it('tells a dead code (mistyped or renewed) in Spanish, with the way back', () => {
    const page = withLigaInvite(TEMPLATE, null, URL_OF('ZZZZ2222'), 'ZZZZ2222');
    const body = main(page);
    expect(body).toContain('>Esta invitación ya no es válida</h1>');
    expect(text(body)).toContain('Pide un enlace nuevo a quien te invitó');
    expect(body).toMatch(/<a class="[^"]*" href="\/">Ir a Quinielazo<\/a>/);
    expect(body).not.toContain('Unirme');
    expect(page).toContain('data-app-on-demand=""');
    expect(page).toContain('<meta property="og:title" content="Te invitaron a una liga de Quinielazo" />');
  });

  it('leaves the skeleton, for the app to fill, when the server could not read the liga', () => {
    const page = withLigaInvite(TEMPLATE, undefined, URL_OF('ABCD2345'), 'ABCD2345');
    expect(main(page)).toContain('Cargando la invitación…');
    expect(page).not.toContain('data-app-on-demand');
    expect(page).toContain('class="ml-auto flex invisible"');
    expect(page).toContain('<meta property="og:title" content="Te invitaron a una liga de Quinielazo" />');
  });

  it("never lets a player's words become markup, in the body or the head", () => {
    const evil: LigaPreview = {
      ...PREVIEW,
      name: '</h1><script>alert(1)</script>',
      owner_username: '<img src=x onerror=alert(2)>',
      prize_note: `"'><svg onload=alert(3)> & $& $' $\``,
      quiniela_name: '<b>Jornada</b>',
    };
    const page = withLigaInvite(TEMPLATE, evil, URL_OF('ABCD2345'), 'ABCD2345');
    for (const tag of ['<script>alert', '<img', '<svg', '<b>']) expect(page).not.toContain(tag);
    // The page's own elements are all there is: one h1, the template's one script.
    expect(page.match(/<h1/g)).toHaveLength(1);
    expect(page.match(/<script/g)).toHaveLength(1);
    // A reader sees the words as typed (replacement patterns such as $& stay text).
    const body = text(main(page));
    expect(body).toContain('</h1><script>alert(1)</script>');
    expect(body).toContain('La organiza <img src=x onerror=alert(2)>');
    expect(body).toContain(`🏆 Premio de la liga: "'><svg onload=alert(3)> & $& $' $\``);
    expect(body).toContain('<b>Jornada</b>: cierra el');
    expect(page).toContain('<title>&lt;/h1&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Liga de Quinielazo</title>');
  });
});
