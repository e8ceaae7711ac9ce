// supabase/schemas/ is where the schema is read and changed; supabase/migrations/ is what
// production applies. Both must build the same database: a change made in one home only (a schema
// file edited without `npm run db:diff`, a migration written by hand) fails here. Two fresh
// databases in the test platform's cluster: bootstrap.sql + the migrations, and bootstrap.sql +
// the schema files + the hand-written migrations (docs/decisions/database.md, "Schema files and
// generated migrations").
import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { buildFromMigrations, buildFromSchemas, catalogDiff, catalogOf, freshDatabase } from '../../scripts/schema-catalog.ts';

let fromMigrations: string;
let fromSchemas: string;

beforeAll(async () => {
  [fromMigrations, fromSchemas] = await Promise.all([
    freshDatabase(inject('dbUrl'), 'drift_from_migrations'),
    freshDatabase(inject('dbUrl'), 'drift_from_schemas'),
  ]);
  await Promise.all([buildFromMigrations(fromMigrations), buildFromSchemas(fromSchemas)]);
});

describe('schema drift', () => {
  it('the migrations build the database the schema files describe (else: npm run db:diff -- <name>)', async () => {
    const [a, b] = await Promise.all([catalogOf(fromMigrations), catalogOf(fromSchemas)]);
    // The comparison covers every kind of object the game has.
    for (const key of [
      'relation scores', 'column scores.bonus_details', 'constraint profiles profiles_username_check',
      'index profiles_username_key', 'function score_round(bigint)', 'policy public.picks "Players insert their own picks while the round is open"',
      'trigger picks picks_round_open_at_commit', 'publication supabase_realtime', 'comment public.picks (table)', 'schema internal',
    ]) {
      expect(a.has(key), key).toBe(true);
    }
    expect(catalogDiff(a, b)).toEqual([]);
  });

  it('sees a change of any kind made on one side only', async () => {
    const client = new pg.Client({ connectionString: fromSchemas });
    await client.connect();
    try {
      await client.query(`
        create or replace function public.prize_share(kind_input text, place_input int, tied_input int, month_input date)
          returns numeric language sql stable as $$ select 0::numeric $$;
        alter policy "Players insert their own picks while the round is open" on public.picks with check (true);
        grant update (email) on table public.profiles to authenticated;
        revoke execute on function public.get_monthly_prizes(integer, integer) from anon;
        comment on table public.picks is 'changed';
        alter table public.chat_messages alter column message drop not null;
        drop index public.quinielas_deadline_idx;
        alter table public.picks disable trigger picks_round_open_at_commit;
        alter publication supabase_realtime drop table public.payments;
      `);
      const differences = catalogDiff(await catalogOf(fromMigrations), await catalogOf(fromSchemas)).map((d) => d.split('\n')[0]);
      expect(differences).toEqual(
        expect.arrayContaining([
          'differs: function prize_share(text,integer,integer,date)',
          'differs: policy public.picks "Players insert their own picks while the round is open"',
          'differs: column profiles.email',
          'differs: function get_monthly_prizes(integer,integer)',
          'differs: comment public.picks (table)',
          'differs: column chat_messages.message',
          'only in the migrations: index quinielas_deadline_idx',
          'differs: trigger picks picks_round_open_at_commit',
          'differs: publication supabase_realtime',
        ]),
      );
    } finally {
      await client.end();
    }
  });
});
