// The README's "Where the rules live" is a newcomer's map: each function it names must be defined
// (`create function`) in a schema file the same row names, so the map cannot point at a stale home.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

function mapRows(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.split('## Where the rules live')[1].split('\n## ')[0];
  return section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| rule |'));
}

it('the README map names rows with schema files', () => {
  const rows = mapRows();
  expect(rows.length).toBeGreaterThanOrEqual(10);
  expect(rows.filter((row) => row.includes('supabase/schemas/')).length).toBeGreaterThanOrEqual(10);
});

it.each(mapRows().map((row) => [row.split('|')[1].trim(), row]))('row "%s": each function is defined in a file the row names', (_, row) => {
  const files = [...row.matchAll(/`(supabase\/schemas\/[\w.]+\.sql)`/g)].map((m) => m[1]);
  const functions = [...new Set([...row.matchAll(/`((?:public|internal)\.\w+)`/g)].map((m) => m[1]))];
  const sources = files.map((f) => readFileSync(join(ROOT, f), 'utf8'));
  for (const fn of functions) {
    const definition = new RegExp(`^create (or replace )?function ${fn.replace('.', '\\.')}\\(`, 'm');
    expect(sources.some((sql) => definition.test(sql)), `${fn} in ${files.join(', ') || 'no schema file'}`).toBe(true);
  }
});
