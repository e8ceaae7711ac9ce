// `npm run schedule:sql`: writes supabase/schedule.ts's jobs as a new pg_cron migration, unless
// the newest one already says the same (supabase/schedule-sql.ts).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { scheduleSql } from '../supabase/schedule-sql.ts';

const dir = join(import.meta.dirname, '..', 'supabase', 'migrations');
const files = (await readdir(dir)).filter((f) => f.endsWith('_schedule.sql')).sort();
const sql = scheduleSql();
if (files.length && (await readFile(join(dir, files.at(-1)!), 'utf8')) === sql) {
  console.log(`no changes: ${files.at(-1)} already schedules these jobs`);
} else {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const file = `${stamp}_schedule.sql`;
  await writeFile(join(dir, file), sql);
  console.log(`wrote supabase/migrations/${file}`);
}
