// The notices that more than one admin screen shows for the same outcome, worded once.
import { FunctionAnswerError } from '../api/invoke-admin-function';
import { scoreRound } from '../api/score-round';
import type { Notice } from './ui';

/** Runs score_round for a round (the hub's tool and the simulation screen) and tells how it went. */
export async function scoreRoundNotice(roundId: number): Promise<Notice> {
  try {
    const count = await scoreRound(roundId);
    return { kind: 'ok', text: `Puntuaciones calculadas: ${count} ${count === 1 ? 'jugador' : 'jugadores'}.` };
  } catch (e) {
    console.error(e);
    return { kind: 'error', text: 'Error al calcular puntuaciones.' };
  }
}

/** A failed mailing function: its own message when it answered, else that it was unreachable. */
export function functionErrorNotice(error: unknown): Notice {
  console.error(error);
  return { kind: 'error', text: error instanceof FunctionAnswerError ? `❌ Error: ${error.message}` : '❌ Error al conectar con la función.' };
}
