// The game's clock is Mexico City's, and it has one home on each side (issue 43, item 7): the
// schema converts through public.mx_time / public.mx_instant (supabase/schemas/010_foundation.sql),
// the app through src/lib/time.ts, the Edge Functions (Deno, which cannot import the app's modules)
// through supabase/functions/_shared/notify.ts's one formatter. Anywhere else, the zone's name or
// a hard-coded "-06:00" is a second copy of the rule, wrong for any instant before October 2022
// (daylight saving) and for any day the zone changes again. tests/api/rule-twins.test.ts holds
// the homes to the same clock.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const ZONE = /America\/Mexico_City|-06:00/g;

const HOMES: Record<string, number> = {
  'supabase/schemas/010_foundation.sql': 2,
  'src/lib/time.ts': 1,
  'supabase/functions/_shared/notify.ts': 1,
};

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(sql|tsx?)$/.test(e.name) && !e.name.endsWith('.gen.ts') && e.name !== 'database.types.ts')
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

it('names the zone (or its offset) only in its homes', () => {
  const found: Record<string, number> = {};
  for (const file of [...files('supabase/schemas'), ...files('src'), ...files('service-worker'), ...files('supabase/functions')]) {
    const count = readFileSync(join(ROOT, file), 'utf8').match(ZONE)?.length ?? 0;
    if (count) found[file] = count;
  }
  for (const [file, count] of Object.entries(found)) {
    if (file in HOMES) expect(count, file).toBe(HOMES[file]);
    else expect(count, `${file} names Mexico City's zone: convert through its home instead`).toBe(0);
  }
  for (const home of Object.keys(HOMES)) expect(found[home], home).toBe(HOMES[home]);
});
