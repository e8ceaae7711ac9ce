// The admin's Boost calls: create a game, list recent ones with their answer and counts
// (admin_daily_games), set the correct answer and score a game (score_daily_game).
import { supabase } from '@/lib/supabase';
import type { DailyGameRow } from '../daily-game-input';

export interface AdminDailyGame {
  id: number;
  gameDate: string;
  lockDate: string;
  type: string;
  question: string;
  points: number;
  correctAnswer: string | null;
  scoredAt: string | null;
  answers: number;
  scored: number;
  correct: number;
}

export async function createDailyGame(row: DailyGameRow): Promise<number> {
  // No lock_date: the database sets it to 23:59 hora del Centro of game_date (public.set_daily_game_lock,
  // the rule's one home).
  const { data, error } = await supabase.from('daily_games').insert(row).select('id').single();
  if (error) throw error;
  return data.id;
}

export async function listDailyGames(limit = 30): Promise<AdminDailyGame[]> {
  const { data, error } = await supabase.rpc('admin_daily_games', { limit_input: limit });
  if (error) throw error;
  return data.map((g) => ({
    id: g.id, gameDate: g.game_date, lockDate: g.lock_date, type: g.game_type, question: g.question, points: g.points,
    correctAnswer: g.correct_answer, scoredAt: g.scored_at, answers: g.answers, scored: g.scored, correct: g.correct,
  }));
}

export async function setCorrectAnswer(id: number, answer: string): Promise<void> {
  const { data, error } = await supabase.from('daily_games').update({ correct_answer: answer }).eq('id', id).select('id');
  if (error) throw error;
  if (data.length === 0) throw Object.assign(new Error('Daily game not found'), { code: 'P0002' });
}

export async function scoreDailyGame(id: number): Promise<{ scored: number; correct: number }> {
  const { data, error } = await supabase.rpc('score_daily_game', { p_daily_game_id: id });
  if (error) throw error;
  return data[0] ?? { scored: 0, correct: 0 };
}
