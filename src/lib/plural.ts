// Counted words in Spanish by the language's own plural rules (Intl.PluralRules), not by hand:
// "1 acierto", "2 aciertos", "+1 pt", "+2 pts" (issue 32).

// Made on first use: a rules object costs a phone its ICU data.
let rules: Intl.PluralRules | undefined;

/** "1 acierto" / "3 aciertos": the count and its word, singular or plural as es-MX says it. */
export function countOf(n: number, one: string, other: string): string {
  rules ??= new Intl.PluralRules('es-MX');
  return `${n} ${rules.select(n) === 'one' ? one : other}`;
}

/** "1 pt" / "0 pts" / "12 pts". */
export const formatPoints = (n: number): string => countOf(n, 'pt', 'pts');
