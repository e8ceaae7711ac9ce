// A stopped or void match in words on its card (../shared/spec/decisions.md, "Match day"): a
// match postponed, suspended, cancelled or abandoned and not completed within 48 hours of its
// kick-off is void and counts as right for everyone who picked it. Before the 48 hours the card
// says until when it may still be played; after them, that it counts.
import { formatDayAndTime } from '@/lib/time';
import { isVoid, voidsAt, type RoundMatch } from '@/lib/game/rounds';
import type { LiveScore } from './live';

const STOPPED: Record<string, { what: string; until: string }> = {
  PST: { what: 'Partido aplazado', until: 'se juega' },
  CANC: { what: 'Partido cancelado', until: 'se juega' },
  SUSP: { what: 'Partido suspendido', until: 'se termina' },
  INT: { what: 'Partido interrumpido', until: 'se termina' },
  ABD: { what: 'Partido abandonado', until: 'se termina' },
};

const VOID_LINE = 'Partido anulado: cuenta como acierto para quien lo pronosticó.';

/** What the card says about a void or stopped match; null for any other. */
export function voidLine(match: Pick<RoundMatch, 'correctResult' | 'voidedAt' | 'kickoffAt'>, live: LiveScore | undefined): string | null {
  if (isVoid(match)) return VOID_LINE;
  if (match.correctResult || !live || !match.kickoffAt) return null;
  const stopped = STOPPED[live.status];
  if (!stopped) return null;
  return `${stopped.what}: si no ${stopped.until} antes del ${formatDayAndTime(voidsAt(match.kickoffAt))}, cuenta como acierto para quien lo pronosticó.`;
}
