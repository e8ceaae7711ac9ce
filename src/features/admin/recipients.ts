/** "a@x.mx, b@y.mx ; c@z.mx" → unique lowercased addresses (commas, semicolons or new lines). */
export function parseRecipients(input: string): string[] {
  return [...new Set(input.split(/[,;\n]/).map((s) => s.trim().toLowerCase()).filter(Boolean))];
}
