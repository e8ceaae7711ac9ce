// The ligas' rules on the phone (the database is the referee: tests/api/leagues.test.ts) and the
// invitation's preview card (scripts/liga-preview.ts): the name counts what the database stores,
// a refusal reads the database's Spanish, and a liga's name can never break out of a meta tag.
import { describe, expect, it } from 'vitest';
import { leagueErrorMessage, leagueNameProblem, normalizeLeagueText, prizeNoteProblem, reminderQueuedText, reminderSentText, roundWinnersText, whatsappShareUrl } from '../../src/features/leagues/league-rules.ts';
import { ligaCodeOf, withLigaCard } from '../../scripts/liga-preview.ts';

describe('a liga name', () => {
  it('counts the characters the database keeps: invisible ones dropped, spaces collapsed', () => {
    expect(normalizeLeagueText('  La\u200B   Oficina\u00A0 ')).toBe('La Oficina');
    expect(leagueNameProblem('A\u200B\u200BB')).toBe('El nombre de la liga debe tener al menos 3 caracteres.');
    // As the database's rule since the attack run on ligas: bidi isolates, the Arabic letter mark,
    // Mongolian selectors, annotation marks and tag characters count for nothing.
    expect(leagueNameProblem('a\u2066\u2067\u2069b')).toBe('El nombre de la liga debe tener al menos 3 caracteres.');
    expect(normalizeLeagueText('\u061CLa\u180B Ofi\uFFF9\u{1D173}\u{E0041}cina')).toBe('La Oficina');
    expect(leagueNameProblem(' Ofi ')).toBeNull();
    expect(leagueNameProblem('x'.repeat(40))).toBeNull();
    expect(leagueNameProblem('x'.repeat(41))).toBe('El nombre de la liga puede tener como máximo 40 caracteres.');
    expect(prizeNoteProblem('')).toBeNull();
    expect(prizeNoteProblem('t'.repeat(121))).toBe('El premio de la liga puede tener como máximo 120 caracteres.');
  });
});

describe("the server's refusals", () => {
  it("shows the liga functions' Spanish message, and the screen's own words for anything else", () => {
    expect(leagueErrorMessage({ code: '23514', message: 'Esta liga ya tiene 500 miembros, el máximo.' }, 'x')).toBe('Esta liga ya tiene 500 miembros, el máximo.');
    expect(leagueErrorMessage({ code: 'QZ429', message: 'Ya creaste 5 ligas en la última hora. Espera un rato para crear otra.' }, 'x')).toMatch(/^Ya creaste/);
    expect(leagueErrorMessage({ code: 'PGRST301', message: 'JWT expired' }, 'No se pudo.')).toBe('No se pudo.');
    expect(leagueErrorMessage(new TypeError('Failed to fetch'), 'No se pudo.')).toBe('No se pudo.');
  });
});

describe('"Recordarles" once sent', () => {
  it("says when, on Mexico City's clock: today's hour, or the day for another day", () => {
    // 18:40 UTC = 12:40 in Mexico City; 05:30 UTC on the 28th is still the 27th there.
    expect(reminderSentText('2026-11-27T18:40:00Z', new Date('2026-11-28T05:30:00Z'))).toBe('Recordatorio enviado hoy a las 12:40');
    expect(reminderSentText('2026-11-27T18:40:00Z', new Date('2026-11-28T06:30:00Z'))).toBe('Recordatorio enviado el 27 de noviembre a las 12:40');
  });

  // Issue 44, item 13: the organiser is told when the reminder arrives. The dispatcher runs every
  // minute; by night (23:00–08:00, hora del Centro) a push waits for 08:00 unless the round closes
  // first, as internal.push_hold_until decides.
  it('says it arrives within the minute, and by night that a push waits for 08:00', () => {
    const SATURDAY_6PM = '2026-12-06T00:00:00Z';
    // Friday 12:40 in Mexico City.
    expect(reminderQueuedText(3, SATURDAY_6PM, new Date('2026-12-04T18:40:00Z'))).toBe('Les recordamos a 3 miembros: les llega en el próximo minuto.');
    expect(reminderQueuedText(1, SATURDAY_6PM, new Date('2026-12-04T18:40:00Z'))).toBe('Le recordamos a 1 miembro: le llega en el próximo minuto.');
    expect(reminderQueuedText(0, SATURDAY_6PM, new Date('2026-12-04T18:40:00Z'))).toBe('Les recordamos a 0 miembros.');
    // Friday 23:30 and Saturday 07:59: the push waits for Saturday's 08:00, the mail does not.
    const night = 'Les recordamos a 2 miembros: por correo les llega en el próximo minuto; el aviso en el teléfono, a las 8:00 (de noche no enviamos avisos al teléfono).';
    expect(reminderQueuedText(2, SATURDAY_6PM, new Date('2026-12-05T05:30:00Z'))).toBe(night);
    expect(reminderQueuedText(2, SATURDAY_6PM, new Date('2026-12-05T13:59:00Z'))).toBe(night);
    expect(reminderQueuedText(2, SATURDAY_6PM, new Date('2026-12-05T14:00:00Z'))).toBe('Les recordamos a 2 miembros: les llega en el próximo minuto.');
    // A round closing before 08:00 is not held: the push goes now.
    expect(reminderQueuedText(2, '2026-12-05T12:00:00Z', new Date('2026-12-05T05:30:00Z'))).toBe('Les recordamos a 2 miembros: les llega en el próximo minuto.');
    // The 31st at 23:30: the next 08:00 is on the 1st of the next month.
    expect(reminderQueuedText(2, '2027-01-02T00:00:00Z', new Date('2027-01-01T05:30:00Z'))).toBe(night);
  });
});

describe('the invitation', () => {
  it("WhatsApp's link carries the text and the link", () => {
    expect(whatsappShareUrl('¡Únete!', 'https://q.mx/liga/ABCD2345')).toBe('https://wa.me/?text=%C2%A1%C3%9Anete!%20https%3A%2F%2Fq.mx%2Fliga%2FABCD2345');
  });

  it('is recognised by its path only', () => {
    expect(ligaCodeOf('/liga/ABCD2345')).toBe('ABCD2345');
    expect(ligaCodeOf('/liga/ABCD2345/')).toBe('ABCD2345');
    expect(ligaCodeOf('/liga/_')).toBeNull();
    expect(ligaCodeOf('/ligas/ABCD2345')).toBeNull();
    expect(ligaCodeOf('/liga/ABCD2345/x')).toBeNull();
  });

  it("puts the liga's card in the head, escaped, with the page's title", () => {
    const page = '<html><head><title>Quinielazo · Pronósticos</title><meta name="description" content="x" /></head><body></body></html>';
    const html = withLigaCard(
      page,
      { name: '"><script>alert(1)</script>', prize_note: null, owner_username: 'ana', member_count: 1, deadline: '2026-11-28T01:00:00Z', quiniela_name: 'Jornada 17' },
      'https://q.mx/liga/ABCD2345',
    );
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Liga de Quinielazo</title>');
    expect(html).toContain('content="ana te invita a su liga (1 miembro). La quiniela de esta semana cierra el viernes, 27 de noviembre, 19:00 (hora del Centro)."');
    expect(html).toContain('<meta property="og:image" content="https://q.mx/og/liga.png" />');
    expect(withLigaCard(page, null, 'https://q.mx/liga/ZZZZ2222')).toContain('<meta property="og:title" content="Te invitaron a una liga de Quinielazo" />');
  });
});

describe("the round's winner in the liga", () => {
  it('counts his points by Spanish plural rules (a walk, 2026-11-28, read "(1 pts)")', () => {
    expect(roundWinnersText([{ username: 'ana', points: 1 }])).toBe('Ganó la quiniela en la liga: ana (1 pt)');
    expect(roundWinnersText([{ username: 'ana', points: 12 }, { username: 'beto', points: 12 }])).toBe('Ganaron la quiniela en la liga: ana, beto (12 pts)');
  });
});
