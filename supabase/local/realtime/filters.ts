// Matching a row change against a channel's postgres_changes binding, including the
// `column=op.value` filters Supabase Realtime accepts (eq, neq, lt, lte, gt, gte, in).

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

export interface PostgresBinding {
  event: string; // '*' | 'INSERT' | 'UPDATE' | 'DELETE'
  schema: string; // '*' or a schema
  table?: string; // absent or '*' = every table
  filter?: string;
}

export interface ParsedFilter {
  column: string;
  op: 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';
  values: string[];
}

const OPS = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);

/** Parses `column=op.value`; throws with a message fit for the client on anything else. */
export function parseFilter(filter: string): ParsedFilter {
  const m = /^([^=]+)=([a-z]+)\.(.*)$/s.exec(filter);
  if (!m || !OPS.has(m[2])) throw new Error(`invalid filter "${filter}": expected column=op.value with op one of eq, neq, lt, lte, gt, gte, in`);
  const [, column, op, raw] = m;
  if (op === 'in') {
    const inner = /^\((.*)\)$/s.exec(raw);
    if (!inner) throw new Error(`invalid filter "${filter}": in expects a list like in.(a,b)`);
    return { column, op, values: splitList(inner[1]) };
  }
  return { column, op: op as ParsedFilter['op'], values: [raw] };
}

function splitList(s: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '\\' && i + 1 < s.length) current += s[++i];
      else if (c === '"') quoted = false;
      else current += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(current.trim());
      current = '';
    } else current += c;
  }
  out.push(current.trim());
  return out;
}

export function bindingMatches(b: PostgresBinding, schema: string, table: string, type: ChangeType): boolean {
  if (b.event !== '*' && b.event.toUpperCase() !== type) return false;
  if (b.schema !== '*' && b.schema !== schema) return false;
  if (b.table !== undefined && b.table !== null && b.table !== '*' && b.table !== table) return false;
  return true;
}

const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

/** Whether a row (as to_jsonb made it) passes the filter; `type` is the column's pg type name. */
export function filterMatches(f: ParsedFilter, row: Record<string, unknown> | null | undefined, type: string | undefined): boolean {
  // Own columns only: `toString=neq.x` must not find the function every object inherits (and match every row).
  if (!row || !Object.hasOwn(row, f.column)) return false;
  const value = row[f.column];
  if (value === null || value === undefined) return false;
  const cmp = (target: string): number => compare(value, target, type);
  switch (f.op) {
    case 'eq':
      return cmp(f.values[0]) === 0;
    case 'neq':
      return cmp(f.values[0]) !== 0;
    case 'lt':
      return cmp(f.values[0]) < 0;
    case 'lte':
      return cmp(f.values[0]) <= 0;
    case 'gt':
      return cmp(f.values[0]) > 0;
    case 'gte':
      return cmp(f.values[0]) >= 0;
    case 'in':
      return f.values.some((v) => cmp(v) === 0);
  }
}

function compare(value: unknown, target: string, type: string | undefined): number {
  if (typeof value === 'number' || (type && NUMERIC.has(type))) {
    const a = Number(value);
    const b = Number(target);
    if (!Number.isNaN(a) && !Number.isNaN(b)) return a === b ? 0 : a < b ? -1 : 1;
  }
  if (typeof value === 'boolean' || type === 'bool') {
    const a = String(value);
    const b = target === 't' ? 'true' : target === 'f' ? 'false' : target;
    return a === b ? 0 : a < b ? -1 : 1;
  }
  if (type === 'timestamptz' || type === 'timestamp' || type === 'date') {
    const a = Date.parse(String(value));
    const b = Date.parse(target);
    if (!Number.isNaN(a) && !Number.isNaN(b)) return a === b ? 0 : a < b ? -1 : 1;
  }
  const a = typeof value === 'object' ? JSON.stringify(value) : String(value);
  const b = type === 'uuid' ? target.toLowerCase() : target;
  return a === b ? 0 : a < b ? -1 : 1;
}
