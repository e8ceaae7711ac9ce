// Boost reads: the next game (today's while it is open, else tomorrow's; earliest lock first)
// with its clubs, the player's answer on the server, and his history (get_my_daily_games:
// the correct answer only after the lock). The correct answer itself is not readable here
// before the lock (column grants, supabase/schemas/100_boost.sql).
import { supabase } from '@/lib/supabase';
import { gameClock } from '@/lib/time';
import { isGameType, type GameType } from '../model/answers';

interface BoostClub {
  id: number;
  name: string;
  logoUrl: string | null;
}

export interface BoostGame {
  id: number;
  gameDate: string;
  lockDate: string;
  type: GameType;
  question: string;
  points: number;
  imageUrl: string | null;
  /** Match and exact score: home and away; yes/no and over/under: the two teams when about teams. */
  home: BoostClub | null;
  away: BoostClub | null;
}

export interface ServerAnswer {
  answer: string;
  updatedAt: string;
}

/** A date in Mexico City plus `days`, as yyyy-mm-dd. */
export function mexicoDate(now: Date, days = 0): string {
  const { year, month, day } = gameClock(now);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

type Metadata = { home_team_id?: unknown; away_team_id?: unknown; team1_id?: unknown; team2_id?: unknown; image_url?: unknown };
const asId = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null);

interface GameRow {
  id: number;
  game_date: string;
  lock_date: string;
  game_type: string;
  question: string;
  points: number;
  metadata: unknown;
}

async function withClubs(rows: GameRow[]): Promise<BoostGame[]> {
  const pairs = rows.map((r) => {
    const m = (r.metadata ?? {}) as Metadata;
    return r.game_type === 'match' || r.game_type === 'exactscore' ? [asId(m.home_team_id), asId(m.away_team_id)] : [asId(m.team1_id), asId(m.team2_id)];
  });
  const ids = [...new Set(pairs.flat().filter((id): id is number => id !== null))];
  const clubs = new Map<number, BoostClub>();
  if (ids.length > 0) {
    const { data, error } = await supabase.from('clubs').select('id, name, short_name, logo_url').in('id', ids);
    if (error) throw error;
    for (const c of data) clubs.set(c.id, { id: c.id, name: c.short_name ?? c.name, logoUrl: c.logo_url });
  }
  return rows.map((r, i) => {
    const m = (r.metadata ?? {}) as Metadata;
    const [home, away] = pairs[i];
    return {
      id: r.id,
      gameDate: r.game_date,
      lockDate: r.lock_date,
      type: isGameType(r.game_type) ? r.game_type : 'yesno',
      question: r.question,
      points: r.points,
      imageUrl: typeof m.image_url === 'string' && m.image_url.trim() !== '' ? m.image_url : null,
      home: home === null ? null : (clubs.get(home) ?? null),
      away: away === null ? null : (clubs.get(away) ?? null),
    };
  });
}

async function nextGameRow(now: Date): Promise<GameRow | null> {
  const { data, error } = await supabase
    .from('daily_games')
    .select('id, game_date, lock_date, game_type, question, points, metadata')
    .gt('lock_date', now.toISOString())
    .lte('game_date', mexicoDate(now, 1))
    .order('lock_date')
    .order('id')
    .limit(1);
  if (error) throw error;
  return data[0] ?? null;
}

/** The next game: open now and dated today or tomorrow (Mexico City), earliest lock first. */
export async function getNextGame(now: Date = new Date()): Promise<BoostGame | null> {
  const row = await nextGameRow(now);
  return row ? (await withClubs([row]))[0]! : null;
}

export interface NextGame {
  game: BoostGame | null;
  answer: ServerAnswer | null;
}

/** The next game and the player's answer to it (the clubs and the answer read at once). */
export async function getNextGameWithAnswer(userId: string, now: Date = new Date()): Promise<NextGame> {
  const row = await nextGameRow(now);
  if (!row) return { game: null, answer: null };
  const [[game], answer] = await Promise.all([withClubs([row]), getMyAnswer(userId, row.id)]);
  return { game: game!, answer };
}

async function getMyAnswer(userId: string, gameId: number): Promise<ServerAnswer | null> {
  const { data, error } = await supabase
    .from('daily_game_picks')
    .select('answer, updated_at')
    .eq('user_id', userId)
    .eq('daily_game_id', gameId)
    .maybeSingle();
  if (error) throw error;
  return data ? { answer: data.answer, updatedAt: data.updated_at } : null;
}

export interface HistoryItem extends BoostGame {
  correctAnswer: string | null;
  answer: string | null;
  /** Points earned once scored; null while the result is not in. */
  earned: number | null;
  locked: boolean;
}

/** The player's games since a date, newest first. */
export async function getHistory(since: string, now: Date = new Date()): Promise<HistoryItem[]> {
  const { data, error } = await supabase.rpc('get_my_daily_games', { since_input: since });
  if (error) throw error;
  const games = await withClubs(data);
  return data.map((r, i) => ({
    ...games[i],
    correctAnswer: r.correct_answer,
    answer: r.answer,
    earned: r.scored ? r.earned : null,
    locked: new Date(r.lock_date).getTime() <= now.getTime(),
  }));
}

/**
 * What a history item says: still open (not answered yet, before its lock), not played (not
 * answered and locked), waiting for the result, correct or not. `open`: the game's lock is still
 * ahead (its lock_date).
 */
export type Outcome = 'open' | 'not-played' | 'waiting' | 'correct' | 'incorrect';
export function outcomeOf(item: Pick<HistoryItem, 'answer' | 'earned'>, open: boolean): Outcome {
  if (item.answer === null) return open ? 'open' : 'not-played';
  if (item.earned === null) return 'waiting';
  return item.earned > 0 ? 'correct' : 'incorrect';
}
