import { useBeforeDeadline } from '@/lib/use-before-deadline';
import { formatPoints } from '@/lib/plural';
import { outcomeOf, type HistoryItem } from '../api/games';
import { openBadgeText } from '../model/history-text';

/**
 * A history item's state (spec §4): not played, waiting for the result, correct (+points) or
 * incorrect; a game not answered yet whose lock is still ahead reads as open, not as not played
 * (it flips to 'No jugado' by itself when the lock passes).
 */
export function OutcomeBadge({ item }: { item: Pick<HistoryItem, 'answer' | 'earned' | 'lockDate'> }) {
  const open = useBeforeDeadline(item.lockDate);
  const outcome = outcomeOf(item, open);
  const [text, style] =
    outcome === 'open'
      ? [openBadgeText(item.lockDate), 'bg-sky-100 text-sky-900']
      : outcome === 'not-played'
        ? ['No jugado', 'bg-slate-100 text-slate-600']
        : outcome === 'waiting'
          ? ['Esperando resultado...', 'bg-amber-100 text-amber-900']
          : outcome === 'correct'
            ? [`Correcto +${formatPoints(item.earned ?? 0)}`, 'bg-brand-100 text-brand-800']
            : ['Incorrecto', 'bg-red-100 text-red-800'];
  return <span className={`shrink-0 rounded-full px-2 py-0.5 text-[11px] font-bold ${style}`}>{text}</span>;
}
