// What a change to a round sets off is in one place and in one order (issue 43, item 4;
// supabase/schemas/180_round_changes.sql). PostgreSQL fires a table's triggers of one timing in
// the alphabetical order of their names, so finalizing once depended on how triggers in five
// files were named. Here: quinielas has one trigger before an update and one after it (a new
// trigger anywhere else fails), and each calls its steps in the order the finalization needs —
// seal a due round, check the seal; fix the Pro payout, score, recompute moved months.
import { afterAll, expect, it } from 'vitest';
import { db } from '../support/clients.ts';

afterAll(async () => {
  await db().end();
});

it('quinielas has one trigger per timing of an update, the two of a delete, and no other', async () => {
  const { rows } = await db().query<{ name: string; definition: string }>(`
    select t.tgname as name, pg_get_triggerdef(t.oid) as definition
    from pg_trigger t where t.tgrelid = 'public.quinielas'::regclass and not t.tgisinternal order by t.tgname`);
  expect(rows.map((r) => r.definition.replace(/^CREATE TRIGGER /, ''))).toEqual([
    'quinielas_after_update AFTER UPDATE OF results_saved, is_last_of_month, deadline ON public.quinielas FOR EACH ROW EXECUTE FUNCTION internal.after_round_update()',
    'quinielas_before_update BEFORE UPDATE OF results_saved, deadline ON public.quinielas FOR EACH ROW EXECUTE FUNCTION internal.before_round_update()',
    'quinielas_drop_notices AFTER DELETE ON public.quinielas REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION internal.drop_notices_of_deleted()',
    'quinielas_drop_scores AFTER DELETE ON public.quinielas REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION internal.drop_scores_of_deleted_rounds()',
  ]);
});

/** The calls a function's body makes, in the order it makes them. */
async function callsOf(fn: string, names: string[]): Promise<string[]> {
  const { rows } = await db().query<{ src: string }>('select prosrc as src from pg_proc where oid = $1::regprocedure', [fn]);
  const body = rows[0].src;
  return names
    .map((name) => ({ name, at: body.indexOf(`${name}(`) }))
    .filter((c) => c.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((c) => c.name);
}

it('before an update: a due round is sealed, then its seal checked, then a moved deadline kept closed', async () => {
  expect(await callsOf('internal.before_round_update()', ['internal.keep_sealed_round_closed', 'internal.assert_round_seal_intact', 'internal.seal_round', 'internal.refuse_early_finalization'])).toEqual([
    'internal.refuse_early_finalization',
    'internal.seal_round',
    'internal.assert_round_seal_intact',
    'internal.keep_sealed_round_closed',
  ]);
});

it('after an update: the Pro payout is fixed, then the round scored, then the moved months recomputed', async () => {
  expect(await callsOf('internal.after_round_update()', ['public.refresh_monthly_standings', 'public.score_round', 'internal.fix_pro_payout'])).toEqual([
    'internal.fix_pro_payout',
    'public.score_round',
    'public.refresh_monthly_standings',
  ]);
});
