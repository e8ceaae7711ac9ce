// The result of a match as the admin types it: 'Local', 'Empate' or 'Visita' in any case, or
// just L / E / V. Empty clears a result not known yet.
export type MatchResult = 'Local' | 'Empate' | 'Visita';

export const RESULT_HINT = 'Escribe Local, Empate o Visita (o L, E, V).';

const BY_INPUT: Record<string, MatchResult> = {
  local: 'Local',
  l: 'Local',
  empate: 'Empate',
  e: 'Empate',
  visita: 'Visita',
  v: 'Visita',
};

/** null = cleared, undefined = not a result. */
export function parseResult(input: string): MatchResult | null | undefined {
  const key = input.trim().toLowerCase();
  if (key === '') return null;
  return BY_INPUT[key];
}
