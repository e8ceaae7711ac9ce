import { supabase } from '@/lib/supabase';

export interface FinalizePreview {
  closes: string;
  /** The deadline is still ahead (this phone's clock; the database refuses finalizing then anyway). */
  open: boolean;
  matches: number;
  /** Players with picks in the round: finalizing scores them. */
  players: number;
  /** Of them, those with a pick missing. */
  incomplete: number;
  /** Registered players with no pick in the round: finalizing leaves them out for good. */
  withoutPicks: number;
}

/** What finalizing a round will do (public.finalize_preview, admins only). */
export async function getFinalizePreview(roundId: number): Promise<FinalizePreview> {
  const { data, error } = await supabase.rpc('finalize_preview', { quiniela_id_input: roundId });
  if (error) throw error;
  const row = data[0];
  if (!row) throw new Error('round not found');
  return { closes: row.closes, open: Date.parse(row.closes) > Date.now(), matches: row.matches, players: row.players, incomplete: row.incomplete, withoutPicks: row.without_picks };
}

/** The confirmation's words: what finalizing does, then the question. */
export function finalizeQuestion(p: FinalizePreview): string {
  const players = p.players === 1 ? '1 jugador' : `${p.players} jugadores`;
  const incomplete = p.incomplete === 0 ? '' : ` (${p.incomplete} con predicciones incompletas)`;
  const without = p.withoutPicks === 1 ? '1 jugador registrado no envió predicciones y ya no podrá jugarla' : `${p.withoutPicks} jugadores registrados no enviaron predicciones y ya no podrán jugarla`;
  return `Se calcularán los puntos de ${players}${incomplete}; ${without}. ¿Estás seguro de marcar esta quiniela como finalizada?`;
}
