// Every repository path quoted in a comment or a doc leads somewhere (issue 43, item 5): a
// newcomer follows `supabase/schemas/100_boost.sql` or "see components/post-body.tsx" and must
// find the file. Checked in every tracked source file's comments (`//`, `/* */`, `--`, `#`) and in
// every Markdown file's text and links:
// - a path with an extension, under one of the repository's top folders (src/, supabase/, docs/,
//   tests/, scripts/, bench/, service-worker/, public/, .ci/) or a folder of src/ (lib/,
//   features/, components/…), perhaps after ./ or ../: it exists from the root, from src/, or from
//   the quoting file's folder or one of its parents (a feature's "components/x.tsx");
// - a migration or schema file named bare ("20261127090000_baseline.sql", "100_boost.sql"): it
//   exists in supabase/migrations/ or supabase/schemas/ (the squash deleted the old ones);
// - a Markdown link to a file (not a URL): it exists beside the doc.
// Not checked: this file (its samples lead nowhere on purpose), docs/decisions-log.md (a dated
// history: it names what existed then), generated
// files and migrations (their comments are the schema files' of that day), Markdown code fences
// (shell sessions in other checkouts), a path right after an npm package's name
// ("@supabase/realtime-js lib/serializer.js" is that package's file) and an example named x
// ("-- tests/e2e/x.spec.ts").
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TRACKED = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
const FILES = new Set(TRACKED);
const DIRS = new Set(TRACKED.flatMap((f) => ancestors(f)));

const SCANNED = TRACKED.filter(
  (f) =>
    /\.(tsx?|m?js|sql|md|css|toml|html|jsonc)$/.test(f) &&
    !f.startsWith('supabase/migrations/') &&
    !f.startsWith('node_modules/') &&
    !/\.gen\.ts$/.test(f) &&
    f !== 'supabase/seed.sql' &&
    f !== 'src/lib/database.types.ts' &&
    f !== 'docs/decisions-log.md' &&
    f !== 'tests/unit/repo-paths.test.ts',
);

const EXT = '(?:tsx?|sql|md|jsonc?|css|html|toml|m?js|ya?ml)';
const TOPS = '(?:src|supabase|docs|tests|scripts|bench|service-worker|public|\\.ci|lib|features|components|app|routes)';
const PATH = new RegExp(`(?<![\\w./@:$-])((?:\\.{1,2}/)*${TOPS}/[\\w./-]*\\.${EXT})(?![\\w/])`, 'g');
const SQL_FILE = /(?<![\w/.-])(\d{3,14}_[a-z0-9_]+\.sql)(?![\w])/g;
const MD_LINK = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g;
const AFTER_PACKAGE = /@[\w-]+\/[\w.-]+['’]?s? $/;
/** An example's name, not a pointer: `tests/e2e/x.spec.ts`, `src/x.ts`. */
const PLACEHOLDER = /(^|\/)x(\.[\w]+)+$/;

/** The folders above a path ("a/b/c.ts" → a/b, a). */
function ancestors(path: string): string[] {
  const out: string[] = [];
  for (let d = dirname(path); d !== '.'; d = dirname(d)) out.push(d);
  return out;
}

/** The text of a file's comments, line by line (lines keep their numbers; code is blanked). */
function commentText(file: string, text: string): string[] {
  const lines = text.split('\n');
  if (file.endsWith('.md')) {
    let fenced = false;
    return lines.map((line) => {
      if (/^\s*```/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    });
  }
  if (file.endsWith('.sql')) return lines.map((line) => (line.includes('--') ? line.slice(line.indexOf('--')) : ''));
  if (file.endsWith('.toml')) return lines.map((line) => (line.includes('#') ? line.slice(line.indexOf('#')) : ''));
  if (file.endsWith('.html')) return lines.map((line) => (line.includes('<!--') ? line.slice(line.indexOf('<!--')) : ''));
  let inBlock = false;
  return lines.map((line) => {
    let out = '';
    let rest = line;
    while (rest) {
      if (inBlock) {
        const end = rest.indexOf('*/');
        if (end < 0) return out + rest;
        out += `${rest.slice(0, end)} `;
        rest = rest.slice(end + 2);
        inBlock = false;
        continue;
      }
      const block = rest.indexOf('/*');
      const lineComment = rest.search(/(?<![:\\'"`])\/\//);
      if (lineComment >= 0 && (block < 0 || lineComment < block)) return out + rest.slice(lineComment);
      if (block < 0) return out;
      rest = rest.slice(block + 2);
      inBlock = true;
    }
    return out;
  });
}

function exists(from: string, path: string): boolean {
  const bases = ['.', 'src', dirname(from), ...ancestors(from)];
  return bases.some((base) => {
    const candidate = normalize(join(base, path)).replace(/\/$/, '');
    return FILES.has(candidate) || DIRS.has(candidate);
  });
}

/** Every path quoted in a file's comments (or a doc's text) that leads nowhere, as "file:line: path". */
function deadPointers(file: string, text: string): string[] {
  const dead: string[] = [];
  commentText(file, text).forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const m of line.matchAll(PATH)) {
      if (AFTER_PACKAGE.test(line.slice(0, m.index)) || PLACEHOLDER.test(m[1])) continue;
      if (!exists(file, m[1])) dead.push(`${where}: ${m[1]}`);
    }
    for (const m of line.matchAll(SQL_FILE)) {
      if (!FILES.has(`supabase/migrations/${m[1]}`) && !FILES.has(`supabase/schemas/${m[1]}`)) dead.push(`${where}: ${m[1]}`);
    }
    if (file.endsWith('.md')) {
      for (const m of line.matchAll(MD_LINK)) {
        if (/^[a-z]+:/i.test(m[1])) continue;
        const target = normalize(join(dirname(file), m[1])).replace(/\/$/, '');
        if (!FILES.has(target) && !DIRS.has(target)) dead.push(`${where}: (${m[1]})`);
      }
    }
  });
  return dead;
}

describe('paths quoted in comments and docs', () => {
  it('reads the files a newcomer reads', () => {
    for (const f of ['README.md', 'docs/data-model.md', 'supabase/schemas/100_boost.sql', 'supabase/schedule.ts', 'src/lib/time.ts']) {
      expect(SCANNED, f).toContain(f);
    }
  });

  it('finds a dead pointer of each kind (the check itself)', () => {
    const sample = [
      '// see src/lib/no-such-file.ts and supabase/schemas/100_boost.sql',
      "import x from './y'; // components/missing-card.tsx",
      '/* 20261123006000_boost_referee.sql */',
    ].join('\n');
    expect(deadPointers('src/features/boost/api/games.ts', sample)).toEqual([
      'src/features/boost/api/games.ts:1: src/lib/no-such-file.ts',
      'src/features/boost/api/games.ts:2: components/missing-card.tsx',
      'src/features/boost/api/games.ts:3: 20261123006000_boost_referee.sql',
    ]);
    expect(deadPointers('docs/x.md', 'read [the model](data-model.md#ligas) and [old](gone.md)\n```\ncat src/nowhere.ts\n```')).toEqual([
      'docs/x.md:1: (gone.md)',
    ]);
    expect(deadPointers('supabase/schemas/100_boost.sql', "select 'src/x.ts'; -- docs/product.md, 000400_prizes.sql")).toEqual([
      'supabase/schemas/100_boost.sql:1: 000400_prizes.sql',
    ]);
  });

  it('every one leads to a file of the repository', () => {
    const dead = SCANNED.flatMap((file) => deadPointers(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(dead).toEqual([]);
  });
});
