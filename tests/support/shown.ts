// How the product's rules say things appear on screen, written from the rules themselves
// (docs/product.md) rather than imported from the code under test.

/** A username on the leaderboard: cut at 15 characters with an ellipsis; 'Anónimo' when empty. */
export function shownName(username: string | null): string {
  if (!username) return 'Anónimo';
  return username.length > 15 ? `${username.slice(0, 15)}…` : username;
}

export interface Month {
  year: number;
  month: number;
}

/** "Noviembre 2026": the month selectors' label. */
export function monthName({ year, month }: Month): string {
  const names = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];
  return `${names[month - 1]} ${year}`;
}

/** "noviembre de 2026": a month inside a sentence, in lower case as Spanish writes it. */
export function monthPhrase({ year, month }: Month): string {
  return `${monthName({ year, month }).split(' ')[0]!.toLowerCase()} de ${year}`;
}

/** The month and the `count - 1` months before it, newest first. */
export function monthsBack(from: Month, count: number): Month[] {
  const out: Month[] = [];
  for (let i = 0; i < count; i++) {
    const index = from.year * 12 + (from.month - 1) - i;
    out.push({ year: Math.floor(index / 12), month: (index % 12) + 1 });
  }
  return out;
}
