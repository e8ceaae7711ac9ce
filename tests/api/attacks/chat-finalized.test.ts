// Attack: chatting in a round that is over (issue 13; docs/decisions/community.md, "Round chat": only in rounds not
// yet finalized). The insert policy asks the round: once results are saved, a message is
// refused with permission denied, for players and admins alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../support/clients.ts';
import { createPlayer, type Player } from '../../support/players.ts';

let player: Player;
let admin: Player;

beforeAll(async () => {
  [player, admin] = await Promise.all([createPlayer(), createPlayer({ admin: true })]);
});

afterAll(async () => {
  await db().end();
});

/** A round relative to the database clock: deadline in the past or future, finalized or not. */
async function round(deadline: string, finalized: boolean): Promise<number> {
  const { rows } = await db().query(
    `insert into public.quinielas (name, week, deadline, results_saved) values ('Chat', 1, now() + $1::interval, $2) returning id`,
    [deadline, finalized],
  );
  return Number(rows[0].id);
}

async function count(quinielaId: number): Promise<number> {
  const { rows } = await db().query('select count(*)::int as n from public.chat_messages where quiniela_id = $1', [quinielaId]);
  return rows[0].n;
}

/** The chat's rate limit (one message every 3 s) is not under test here: age his messages. */
async function letHimPostAgain(who: Player) {
  await db().query(`update public.chat_messages set created_at = created_at - interval '1 minute' where user_id = $1`, [who.id]);
}

describe('attack: chat in finalized rounds', () => {
  it('players chat in an open round and in a closed round whose results are not saved yet', async () => {
    for (const deadline of ['1 day', '-1 hour']) {
      const id = await round(deadline, false);
      await letHimPostAgain(player);
      const { error } = await player.client.from('chat_messages').insert({ quiniela_id: id, user_id: player.id, message: '¡Vamos!' });
      expect(error).toBeNull();
      expect(await count(id)).toBe(1);
    }
  });

  it('nobody posts in a finalized round: 403 permission denied, nothing stored', async () => {
    const id = await round('-2 days', true);
    for (const who of [player, admin]) {
      const { error, status } = await who.client.from('chat_messages').insert({ quiniela_id: id, user_id: who.id, message: 'Tarde' });
      expect(status).toBe(403);
      expect(error?.code).toBe('42501');
    }
    expect(await count(id)).toBe(0);
  });

  it('a round finalized after the conversation keeps its messages but takes no more', async () => {
    const id = await round('-1 hour', false);
    await letHimPostAgain(player);
    expect((await player.client.from('chat_messages').insert({ quiniela_id: id, user_id: player.id, message: 'Antes' })).error).toBeNull();
    await db().query('update public.quinielas set results_saved = true where id = $1', [id]);
    await letHimPostAgain(player);
    expect((await player.client.from('chat_messages').insert({ quiniela_id: id, user_id: player.id, message: 'Después' })).error?.code).toBe('42501');
    const { data } = await player.client.from('chat_messages').select('message').eq('quiniela_id', id);
    expect(data).toEqual([{ message: 'Antes' }]);
  });
});
