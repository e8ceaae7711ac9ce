// Issue 44, item 13: the game's words, one home (src/lib/words.ts). The E2E walk reads the
// screens (tests/e2e/fan-second-look-words.spec.ts); what only a phone's lock screen or a mailbox
// shows is written in SQL and by the Edge Functions, which cannot import the module: their texts
// are read here, from the sources that write them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rankText, retiredWordsIn } from '../../src/lib/words.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const files = (dir: string, ext: RegExp): string[] =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => ext.test(f) && !f.includes('node_modules'))
    .map((f) => join(dir, f));

/** The single-quoted literals of an SQL file that a player or an admin reads (with a space, or a
 * capitalised word such as a bonus's label): comments and `comment on … is '…'` (the schema's own
 * English notes) left out, and codes such as 'underdog' or 'picks' (kinds, table names). */
function sqlTexts(sql: string): string[] {
  const texts: string[] = [];
  for (let i = 0; i < sql.length; i++) {
    if (sql.startsWith('--', i)) {
      i = sql.indexOf('\n', i);
      if (i < 0) break;
      continue;
    }
    if (sql[i] !== "'") continue;
    let j = i + 1;
    while (j < sql.length && !(sql[j] === "'" && sql[j + 1] !== "'")) j += sql[j] === "'" ? 2 : 1;
    const literal = sql.slice(i + 1, j);
    if (!/\bis\s*$/i.test(sql.slice(Math.max(0, i - 8), i)) && /\s|^\p{Lu}/u.test(literal)) texts.push(literal);
    i = j;
  }
  return texts;
}

/** The string literals and template texts of a TypeScript file a person reads, as for SQL (comments left out). */
function tsTexts(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '').replace(/\s\/\/ .*$/gm, '');
  return [...code.matchAll(/'((?:[^'\\\n]|\\.)*)'|`([^`]*)`/g)].map((m) => m[1] ?? m[2] ?? '').filter((t) => /\s|^\p{Lu}/u.test(t));
}

describe('the game words', () => {
  it('writes a place one way, "8.º"', () => {
    expect([1, 8, 10].map(rankText)).toEqual(['1.º', '8.º', '10.º']);
  });

  it('finds the retired words and formats, and lets the chosen ones and the spec\'s names be', () => {
    expect(retiredWordsIn('Haz tus picks de la Jornada 14 · Semana 49 · Vas #8 · 1° lugar · Top 3 de Diciembre · Dueño · Underdog · Pronósticos')).toEqual([
      'picks', 'Pronóstic', 'Jornada', 'Semana 4', 'Underdog', 'Top 3', 'Dueño', '1°', '#8', 'de Diciembre',
    ]);
    expect(retiredWordsIn('Quiniela de la semana · Tus predicciones · Vas 8.º de 9 · Quinielazo · /quinielazo-de-la-semana · Partido especial · Sorpresa · Diciembre 2026 · Tabla de diciembre de 2026')).toEqual([]);
  });

  it('is what every notice, mail and error the database writes says', () => {
    const found = files('supabase/schemas', /\.sql$/).flatMap((file) =>
      sqlTexts(readFileSync(join(ROOT, file), 'utf8')).flatMap((text) => retiredWordsIn(text).map((word) => `${file}: ${word} in "${text}"`)),
    );
    expect(found).toEqual([]);
  });

  it('is what the Edge Functions\' mails and answers and the service worker say', () => {
    const found = [...files('supabase/functions', /\.ts$/), ...files('service-worker', /\.ts$/)].flatMap((file) =>
      tsTexts(readFileSync(join(ROOT, file), 'utf8')).flatMap((text) => retiredWordsIn(text).map((word) => `${file}: ${word} in "${text}"`)),
    );
    expect(found).toEqual([]);
  });
});
