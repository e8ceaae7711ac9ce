// 'Ver resultados previos' (the button is on the Boost card, which loads this module on the first
// tap): the last 5 closed games out of the latest 15, each with the correct answer, the player's
// answer and his points, and the way to the full history.
import { formatCalendarDay } from '@/lib/time';
import { useEffect, useState } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { Dialog } from '@/components/ui/dialog';
import { useUserId } from '@/lib/session';
import { cachedRead, MAX_AGE } from '@/lib/cached-read';
import { getHistory, mexicoDate, type HistoryItem } from '../api/games';
import { OutcomeBadge } from './outcome-badge';

/** Closed games among the latest `latest`, newest first, at most `count`. */
export function previousResults(items: HistoryItem[], latest = 15, count = 5): HistoryItem[] {
  return items.slice(0, latest).filter((item) => item.locked).slice(0, count);
}

/** The dialog, read afresh each time it is mounted (the card mounts it anew on every tap). */
export function PreviousResults({ open, onClose }: { open: boolean; onClose: () => void }) {
  const userId = useUserId();
  const [items, setItems] = useState<HistoryItem[] | 'loading' | 'error'>('loading');
  useEffect(() => {
    let current = true;
    cachedRead('boost:history', userId, () => getHistory(mexicoDate(new Date(), -120)), MAX_AGE.boostHistory).then(
      (r) => current && setItems(r.data),
      () => current && setItems('error'),
    );
    return () => {
      current = false;
    };
  }, [userId]);
  return (
    <Dialog open={open} onClose={onClose} title="Resultados previos del Boost" subtitle="Los últimos 5 juegos cerrados">
      {items === 'loading' ? (
        <p className="py-4 text-center text-sm text-slate-500">Cargando…</p>
      ) : items === 'error' ? (
        <p className="py-4 text-center text-sm text-slate-600">No pudimos cargar tus resultados. Revisa tu conexión.</p>
      ) : previousResults(items).length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-600">No hay resultados.</p>
      ) : (
        <ul aria-label="Resultados previos" className="divide-y divide-slate-100">
          {previousResults(items).map((item) => (
            <ResultRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      <AppLink to="/quinielazo-boost-historial" className="mt-4 flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white">
        Ver historial completo
      </AppLink>
    </Dialog>
  );
}

function ResultRow({ item }: { item: HistoryItem }) {
  return (
    <li className="flex flex-col gap-1 py-3">
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-semibold [overflow-wrap:anywhere]">{item.question}</p>
        <OutcomeBadge item={item} />
      </div>
      <p className="text-xs text-slate-600">
        <time dateTime={item.gameDate}>{formatCalendarDay(item.gameDate)}</time> · Respuesta correcta: <strong>{item.correctAnswer ?? 'Pendiente'}</strong> · Tu respuesta: <strong>{item.answer ?? 'Sin respuesta'}</strong>
      </p>
    </li>
  );
}
