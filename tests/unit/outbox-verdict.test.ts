// Each class of answer the outbox's sender can get, and what it means for the drafts
// (src/lib/outbox-verdict.ts): wait and send again, or settle as refused for good.
import { describe, expect, it } from 'vitest';
import { REFUSED_WITHOUT_REASON, sendVerdict, type RestErrorBody, type SendVerdict } from '../../src/lib/outbox-verdict';

const wait: SendVerdict = { kind: 'wait', session: false };
const session: SendVerdict = { kind: 'wait', session: true };
const closed: SendVerdict = { kind: 'closed' };
const refused = (reason = REFUSED_WITHOUT_REASON): SendVerdict => ({ kind: 'refused', reason });

const CASES: Array<[what: string, status: number | null, body: RestErrorBody, verdict: SendVerdict]> = [
  ['no signal', null, {}, wait],
  ['server trouble (502 from a proxy, no body)', 502, {}, wait],
  ['the database unreachable (PGRST001)', 503, { code: 'PGRST001', message: 'Database client error. Retrying the connection.' }, wait],
  ['a Postgres error answered as 500 (XX000)', 500, { code: 'XX000', message: 'internal error' }, wait],
  ['too many requests', 429, {}, wait],
  ['a request timeout', 408, {}, wait],
  ['an expired token (PGRST303)', 401, { code: 'PGRST303', message: 'JWT expired' }, session],
  ['an invalid token (PGRST301)', 401, { code: 'PGRST301', message: 'No suitable key or wrong key type' }, session],
  ['a 401 with no body', 401, {}, session],
  ['row-level security: the round closed (42501)', 403, { code: '42501', message: 'new row violates row-level security policy for table "picks"' }, closed],
  ['the commit check: the Boost locked (42501)', 403, { code: '42501', message: 'Este Boost ya cerró: tu respuesta no llegó antes del cierre.', hint: 'The lock is checked at commit against the database clock.' }, closed],
  [
    'data exception raised in Spanish with a Spanish hint (22023, 100_boost.sql)',
    400,
    { code: '22023', message: 'Respuesta no válida para este Boost', hint: 'Local, Empate o Visita' },
    refused('respuesta no válida para este Boost (Local, Empate o Visita)'),
  ],
  ["Postgres' own data exception, in English (22P02)", 400, { code: '22P02', message: 'invalid input syntax for type bigint: "x"' }, refused()],
  ['integrity raised in Spanish (23514, 140_pro.sql)', 400, { code: '23514', message: 'Ese partido no es de la quiniela de esta entrada.' }, refused('ese partido no es de la quiniela de esta entrada')],
  ['a foreign key, in English (23503)', 409, { code: '23503', message: 'insert or update on table "paid_picks" violates foreign key constraint "paid_picks_match_id_fkey"' }, refused()],
  ['a duplicate key (23505)', 409, { code: '23505', message: 'duplicate key value violates unique constraint "picks_pkey"' }, refused()],
  ['a raised refusal (P0001) with an English hint', 400, { code: 'P0001', message: 'Ya no puedes cambiar esta respuesta.', hint: 'Checked by the trigger.' }, refused('ya no puedes cambiar esta respuesta')],
  ['no data found, in English (P0002)', 400, { code: 'P0002', message: 'Daily game not found' }, refused()],
  ['a malformed request (PGRST102)', 400, { code: 'PGRST102', message: 'Empty or invalid json' }, refused()],
  ['more or fewer rows than one (PGRST116)', 406, { code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned' }, refused()],
  ['an unknown column (PGRST204)', 400, { code: 'PGRST204', message: "Could not find the 'answer' column of 'daily_game_picks' in the schema cache" }, refused()],
  ['an unknown table (PGRST205)', 404, { code: 'PGRST205', message: "Could not find the table 'public.paid_picks' in the schema cache" }, refused()],
  ['any other 4xx', 418, {}, refused()],
];

describe('sendVerdict', () => {
  it.each(CASES)('%s', (_what, status, body, verdict) => {
    expect(sendVerdict(status, body)).toEqual(verdict);
  });
});
