// Boost answers per game type: the choices a player taps and the canonical form the database
// stores and compares (public.normalize_daily_answer, the referee; tests/api/rule-twins.test.ts
// holds this copy to its answers).
export type GameType = 'match' | 'exactscore' | 'yesno' | 'overunder';

export const GAME_TYPES: { value: GameType; label: string }[] = [
  { value: 'match', label: 'Resultado del partido' },
  { value: 'exactscore', label: 'Marcador exacto' },
  { value: 'yesno', label: 'Sí / No' },
  { value: 'overunder', label: 'Más / Menos' },
];

/** The buttons of the choice types (exact score uses two selectors instead). */
export const CHOICES: Record<Exclude<GameType, 'exactscore'>, string[]> = {
  match: ['Local', 'Empate', 'Visita'],
  yesno: ['Sí', 'No'],
  overunder: ['Más', 'Menos'],
};

export const MAX_GOALS = 10;

export function isGameType(value: unknown): value is GameType {
  return value === 'match' || value === 'exactscore' || value === 'yesno' || value === 'overunder';
}

const ALIASES: Record<Exclude<GameType, 'exactscore'>, Record<string, string>> = {
  match: { local: 'Local', empate: 'Empate', visita: 'Visita' },
  yesno: { 'sí': 'Sí', si: 'Sí', no: 'No' },
  overunder: { 'más': 'Más', mas: 'Más', menos: 'Menos' },
};

/** The canonical answer ('Local', 'Sí', 'Más', '2-1'…), or null when it is not an answer of the type. */
export function normalizeAnswer(type: GameType, answer: string): string | null {
  const trimmed = answer.trim();
  if (type === 'exactscore') {
    const m = /^0*(\d{1,2})\s*-\s*0*(\d{1,2})$/.exec(trimmed);
    if (!m) return null;
    const [home, away] = [Number(m[1]), Number(m[2])];
    return home <= MAX_GOALS && away <= MAX_GOALS ? `${home}-${away}` : null;
  }
  return ALIASES[type][trimmed.toLowerCase()] ?? null;
}

/** Exact score from the two selectors, joined as the spec says: home-away. */
export function joinScore(home: number, away: number): string {
  return `${home}-${away}`;
}

export function splitScore(answer: string | null): [number, number] | null {
  const m = answer ? /^(\d+)-(\d+)$/.exec(answer) : null;
  return m ? [Number(m[1]), Number(m[2])] : null;
}
