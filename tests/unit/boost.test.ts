// Boost answers (the same normalisation as public.normalize_daily_answer) and the card's
// buttons (spec §4: Responder / Actualizar / Cancelar / closed).
import { describe, expect, it } from 'vitest';
import { joinScore, normalizeAnswer, splitScore } from '../../src/features/boost/model/answers';
import { cardView, CLOSED_TEXT } from '../../src/features/boost/model/card-machine';
import { filterHistory } from '../../src/features/boost/model/history-filter';
import { previousResults } from '../../src/features/boost/components/previous-results';
import { outcomeOf, type HistoryItem } from '../../src/features/boost/api/games';
import { openBadgeText } from '../../src/features/boost/model/history-text';
import { answerStateText, lockedByServer, refusedAlert } from '../../src/features/boost/model/answer-state';
import { formatCalendarDay } from '../../src/lib/time';
import { parseDailyGameForm, parsePoints } from '../../src/features/admin/daily-game-input';

describe('normalizeAnswer', () => {
  it('match: Local / Empate / Visita, trimmed and case-insensitive', () => {
    expect(normalizeAnswer('match', ' visita ')).toBe('Visita');
    expect(normalizeAnswer('match', 'EMPATE')).toBe('Empate');
    expect(normalizeAnswer('match', 'Sí')).toBeNull();
  });
  it('yes/no: accents optional', () => {
    expect(normalizeAnswer('yesno', 'si')).toBe('Sí');
    expect(normalizeAnswer('yesno', 'SÍ')).toBe('Sí');
    expect(normalizeAnswer('yesno', 'no ')).toBe('No');
    expect(normalizeAnswer('yesno', 'Más')).toBeNull();
  });
  it('over/under: Más / Menos', () => {
    expect(normalizeAnswer('overunder', 'mas')).toBe('Más');
    expect(normalizeAnswer('overunder', 'MENOS')).toBe('Menos');
    expect(normalizeAnswer('overunder', 'Local')).toBeNull();
  });
  it('exact score: home-away, spaces and leading zeros ignored, 0 to 10 each', () => {
    expect(normalizeAnswer('exactscore', '2 - 1')).toBe('2-1');
    expect(normalizeAnswer('exactscore', '02-01')).toBe('2-1');
    expect(normalizeAnswer('exactscore', '10-0')).toBe('10-0');
    expect(normalizeAnswer('exactscore', '11-0')).toBeNull();
    expect(normalizeAnswer('exactscore', '2:1')).toBeNull();
    expect(normalizeAnswer('exactscore', '')).toBeNull();
  });
  it('joins and splits the two selectors', () => {
    expect(joinScore(3, 0)).toBe('3-0');
    expect(splitScore('3-0')).toEqual([3, 0]);
    expect(splitScore(null)).toBeNull();
  });
});

describe('cardView', () => {
  it('Responder until answered, enabled once something is chosen', () => {
    expect(cardView({ saved: null, selection: null, open: true })).toMatchObject({ submitLabel: 'Responder', canSubmit: false, canCancel: false });
    expect(cardView({ saved: null, selection: 'Sí', open: true })).toMatchObject({ submitLabel: 'Responder', canSubmit: true, canCancel: false });
  });
  it('Actualizar once answered, only for a different answer; Cancelar while it differs', () => {
    expect(cardView({ saved: 'Sí', selection: 'Sí', open: true })).toMatchObject({ submitLabel: 'Actualizar', canSubmit: false, canCancel: false });
    expect(cardView({ saved: 'Sí', selection: 'No', open: true })).toMatchObject({ submitLabel: 'Actualizar', canSubmit: true, canCancel: true });
  });
  it('closed after the lock: read-only with the closed message', () => {
    expect(cardView({ saved: 'Sí', selection: 'No', open: false })).toMatchObject({ mode: 'closed', canSubmit: false, canCancel: false, message: CLOSED_TEXT });
    expect(CLOSED_TEXT).toBe('Este juego ya está cerrado.');
  });
});

const item = (id: number, answer: string | null, locked: boolean, earned: number | null = null): HistoryItem => ({
  id, gameDate: '2026-01-01', lockDate: '2026-01-01T05:59:00Z', type: 'yesno', question: `Juego ${id}`, points: 2,
  imageUrl: null, home: null, away: null, correctAnswer: null, answer, earned, locked,
});

describe('history', () => {
  it('filters played and not played', () => {
    const items = [item(1, 'Sí', true, 2), item(2, null, true), item(3, 'No', false)];
    expect(filterHistory(items, 'todos').map((i) => i.id)).toEqual([1, 2, 3]);
    expect(filterHistory(items, 'jugados').map((i) => i.id)).toEqual([1, 3]);
    expect(filterHistory(items, 'no-jugados').map((i) => i.id)).toEqual([2]);
  });
  it('previous results: at most 5 closed games out of the latest 15', () => {
    const items = [item(20, 'Sí', false), ...Array.from({ length: 19 }, (_, i) => item(19 - i, null, true))];
    expect(previousResults(items).map((i) => i.id)).toEqual([19, 18, 17, 16, 15]);
    const mostlyOpen = [...Array.from({ length: 13 }, (_, i) => item(100 - i, null, false)), item(2, null, true), item(1, null, true), item(0, null, true)];
    expect(previousResults(mostlyOpen).map((i) => i.id)).toEqual([2, 1]);
  });
});

describe('history words', () => {
  it("a game's day in Spanish (never yyyy-mm-dd)", () => {
    expect(formatCalendarDay('2026-11-26')).toBe('26 de noviembre de 2026');
    expect(formatCalendarDay('2026-01-01')).toBe('1 de enero de 2026');
    expect(formatCalendarDay('2026-12-31')).toBe('31 de diciembre de 2026');
    expect(formatCalendarDay('2022-06-15')).toBe('15 de junio de 2022');
    expect(formatCalendarDay('2026-11-26')).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('an unanswered game reads as open before its lock and as not played after it', () => {
    expect(outcomeOf({ answer: null, earned: null }, true)).toBe('open');
    expect(outcomeOf({ answer: null, earned: null }, false)).toBe('not-played');
    expect(outcomeOf({ answer: 'Sí', earned: null }, true)).toBe('waiting');
    expect(outcomeOf({ answer: 'Sí', earned: null }, false)).toBe('waiting');
    expect(outcomeOf({ answer: 'Sí', earned: 2 }, false)).toBe('correct');
    expect(outcomeOf({ answer: 'No', earned: 0 }, false)).toBe('incorrect');
  });

  it("the open badge gives the lock's time, with its day when it is not today (Mexico City)", () => {
    // 26 Nov 2026 23:59 hora del Centro = 27 Nov 05:59 UTC.
    const lock = '2026-11-27T05:59:00Z';
    expect(openBadgeText(lock, new Date('2026-11-26T18:00:00Z'))).toBe('Abierto · cierra 23:59');
    // 00:30 in Mexico City on the 26th is 06:30 UTC: still the same game day.
    expect(openBadgeText(lock, new Date('2026-11-26T06:30:00Z'))).toBe('Abierto · cierra 23:59');
    // The evening before (25 Nov, 22:00 hora del Centro): tomorrow's game names its day.
    expect(openBadgeText(lock, new Date('2026-11-26T04:00:00Z'))).toBe('Abierto · cierra 26 nov, 23:59');
    expect(openBadgeText('2026-11-26T19:30:00Z', new Date('2026-11-26T18:00:00Z'))).toBe('Abierto · cierra 13:30');
  });
});

describe('admin daily game form', () => {
  const TODAY = '2026-11-26';
  const base = { gameDate: '2026-12-01', type: 'yesno' as const, question: '¿Hay gol?', points: '3', aboutTeams: false, homeId: null, awayId: null, imageUrl: '' };
  it('a day from today to a year ahead (Mexico City\'s today, given)', () => {
    expect(parseDailyGameForm({ ...base, gameDate: '2026-11-26' }, TODAY)).toMatchObject({ ok: true });
    expect(parseDailyGameForm({ ...base, gameDate: '2026-11-25' }, TODAY)).toEqual({ ok: false, error: 'Ese día ya pasó: elige hoy o un día futuro.' });
    expect(parseDailyGameForm({ ...base, gameDate: '0001-01-01' }, TODAY)).toEqual({ ok: false, error: 'Ese día ya pasó: elige hoy o un día futuro.' });
    expect(parseDailyGameForm({ ...base, gameDate: '2027-11-26' }, TODAY)).toMatchObject({ ok: true });
    expect(parseDailyGameForm({ ...base, gameDate: '2049-06-15' }, TODAY)).toEqual({ ok: false, error: 'Elige un día dentro del próximo año.' });
  });
  it('points: at least 1, a non-numeric value becomes 1', () => {
    expect(parsePoints('5')).toBe(5);
    expect(parsePoints('abc')).toBe(1);
    expect(parsePoints('0')).toBe(1);
    expect(parsePoints('-4')).toBe(1);
  });
  it('match and exact score need both clubs; yes/no may be about two teams', () => {
    expect(parseDailyGameForm({ ...base, type: 'match' }, TODAY)).toEqual({ ok: false, error: 'Los juegos de partido y marcador exacto necesitan equipo local y visitante.' });
    expect(parseDailyGameForm({ ...base, type: 'exactscore', homeId: 1, awayId: 2 }, TODAY)).toMatchObject({ ok: true, row: { metadata: { home_team_id: 1, away_team_id: 2 } } });
    expect(parseDailyGameForm({ ...base, aboutTeams: true, homeId: 1 }, TODAY)).toEqual({ ok: false, error: 'Elige los dos equipos del juego.' });
    expect(parseDailyGameForm({ ...base, aboutTeams: true, homeId: 1, awayId: 2 }, TODAY)).toMatchObject({ ok: true, row: { metadata: { team1_id: 1, team2_id: 2 } } });
    expect(parseDailyGameForm(base, TODAY)).toEqual({ ok: true, row: { game_date: '2026-12-01', game_type: 'yesno', question: '¿Hay gol?', points: 3, metadata: {} } });
  });
  it('needs a date and a question; the image URL must be http(s)', () => {
    expect(parseDailyGameForm({ ...base, gameDate: '' }, TODAY)).toEqual({ ok: false, error: 'Elige la fecha del juego.' });
    expect(parseDailyGameForm({ ...base, question: '  ' }, TODAY)).toEqual({ ok: false, error: 'Escribe la pregunta del juego.' });
    expect(parseDailyGameForm({ ...base, imageUrl: 'javascript:alert(1)' }, TODAY)).toMatchObject({ ok: false });
    expect(parseDailyGameForm({ ...base, imageUrl: 'https://x.mx/a.png' }, TODAY)).toMatchObject({ ok: true, row: { metadata: { image_url: 'https://x.mx/a.png' } } });
  });
});

describe("an answer's delivery on the card", () => {
  const draft = (status: 'saved' | 'pending' | 'rejected', refusal?: string) => ({ status, ...(refusal ? { refusal } : {}) });

  it('a refusal for good shows the database reason and leaves the game open; only the lock closes it', () => {
    const invalid = draft('rejected', 'respuesta no válida para este Boost (Local, Empate o Visita)');
    expect(answerStateText('rejected', invalid.refusal)).toBe('No se envió: respuesta no válida para este Boost (Local, Empate o Visita)');
    expect(refusedAlert(invalid.refusal)).toBe('Tu respuesta no se envió: respuesta no válida para este Boost (Local, Empate o Visita).');
    expect(lockedByServer(invalid)).toBe(false);
  });

  it('the lock (42501) says the Boost closed and closes the card', () => {
    expect(answerStateText('rejected')).toBe('No se envió: el Boost ya cerró');
    expect(refusedAlert()).toBe('Tu respuesta no se envió: el Boost ya cerró.');
    expect(lockedByServer(draft('rejected'))).toBe(true);
    expect(lockedByServer(draft('pending'))).toBe(false);
    expect(answerStateText('pending')).toBe('Pendiente de enviar');
  });
});
