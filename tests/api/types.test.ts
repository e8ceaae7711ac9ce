// The committed client types must be what typegen makes of the database the tests run on:
// a migration without `npm run typegen` fails here.
import { readFile } from 'node:fs/promises';
import { expect, inject, it } from 'vitest';
import { generateTypes, TYPES_FILE } from '../../scripts/typegen.ts';

it('src/lib/database.types.ts matches the migrated database (run npm run typegen)', async () => {
  const generated = await generateTypes(inject('dbUrl'));
  expect(generated).toContain('referral_code');
  expect(await readFile(TYPES_FILE, 'utf8')).toBe(generated);
});
