// The game's own words, one home for them (issue 44, item 13): one word for the round, one for a
// guess and one way to write a place, on every screen, notice and mail. The round is a
// "quiniela" and a guess a "predicción", as the spec's own Spanish says them ('Tus predicciones
// se guardaron correctamente.'); a place is the Spanish ordinal "8.º". The notices and mails
// written in SQL and by the Edge Functions cannot import this file: tests/unit/words.test.ts holds
// their texts to the same words (docs/decisions/screens.md, "Words").

/** The round, in a sentence: "la quiniela de la semana". */
export const ROUND = 'quiniela';
export const ROUNDS = 'quinielas';
/** A player's guess for one match: "Tu predicción: Local". */
export const GUESS = 'predicción';
export const GUESSES = 'predicciones';

/** A place in any ranking, table, chart or notice: "8.º". */
export const rankText = (rank: number): string => `${rank}.º`;

/**
 * What no screen, notice or mail says any more: the round's other names ("jornada", "semana 49",
 * "Quinielazo de la semana"), the guess's ("picks", "pronósticos"), the other rank formats ("#8",
 * "8°"), English ("Underdog", "Top 3"), "Dueño" and a capital month inside a sentence. The leaderboard's "Quinielazo" tab and the
 * route /quinielazo-de-la-semana are the spec's names and stay.
 */
const RETIRED_WORDS: readonly RegExp[] = [
  /\bpicks?\b/i,
  /pron[oó]stic/i,
  /\bjornadas?\b/i,
  /\bsemana \d/i,
  /quinielazo de la semana/i,
  /\bunderdog\b/i,
  /\btop \d/i,
  /\bdueñ[oa]/i,
  /\d\s?°/,
  // A place written "#8"; a colour ("#0b6e4f") is not one.
  /#\d{1,3}\b/,
  // A month inside a sentence is written in lower case: "de diciembre", never "de Diciembre".
  /\b(?:de|en) (?:Enero|Febrero|Marzo|Abril|Mayo|Junio|Julio|Agosto|Septiembre|Octubre|Noviembre|Diciembre)\b/,
];

/** The retired words `text` still uses (empty: none). */
export function retiredWordsIn(text: string): string[] {
  return RETIRED_WORDS.flatMap((word) => text.match(new RegExp(word.source, `${word.flags.replace('g', '')}g`)) ?? []);
}
