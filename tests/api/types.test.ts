// The committed generated files must be what the database the tests run on makes of them:
// a migration without `npm run typegen` fails here.
import { readFile } from 'node:fs/promises';
import { expect, inject, it } from 'vitest';
import { generateRules, RULES_FILE } from '../../scripts/rulesgen.ts';
import { generateTypes, TYPES_FILE } from '../../scripts/typegen.ts';

it('src/lib/database.types.ts matches the migrated database (run npm run typegen)', async () => {
  const generated = await generateTypes(inject('dbUrl'));
  expect(generated).toContain('referral_code');
  expect(await readFile(TYPES_FILE, 'utf8')).toBe(generated);
});

it('src/lib/game/game-rules.gen.ts matches the rule tables and functions (run npm run typegen)', async () => {
  const generated = await generateRules(inject('dbUrl'));
  expect(generated).toContain('"pointsByCorrect"');
  expect(await readFile(RULES_FILE, 'utf8')).toBe(generated);
});
