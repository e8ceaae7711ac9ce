// /quinielazo-boost-historial: every Boost game of the last months with the filter Todos /
// Jugados / No jugados; each item is open (not answered yet, before its lock), not played,
// waiting for the result, correct (+points) or incorrect; its day in Spanish. Read through the
// offline read cache, so it browses without signal.
import { useState } from 'react';
import { formatCalendarDay } from '@/lib/time';
import { PageHeader } from '@/components/ui/page-header';
import { formatPoints } from '@/lib/plural';
import type { HistoryItem } from '../api/games';
import { FILTERS, filterHistory, HISTORY_PAGE, sinceJoined, type HistoryFilter } from '../model/history-filter';
import { OutcomeBadge } from './outcome-badge';

/** `since`: the player's first day (games before it are not his). */
export function BoostHistoryPage({ items, cachedAt, filter, onFilter, since }: { items: HistoryItem[]; cachedAt: number | null; filter: HistoryFilter; onFilter: (f: HistoryFilter) => void; since: string }) {
  const all = filterHistory(sinceJoined(items, since), filter);
  // Paged: the newest first, "Ver más" for the next page. A new filter starts from the first page.
  const [pages, setPages] = useState({ filter, count: 1 });
  const count = pages.filter === filter ? pages.count : 1;
  const shown = all.slice(0, count * HISTORY_PAGE);
  return (
    <div className="flex flex-col gap-4">
      <PageHeader eyebrow="Boost" title="Historial del Boost">
        <p className="text-sm text-slate-600">Tus retos diarios de los últimos meses.</p>
      </PageHeader>
      {cachedAt !== null && <p className="text-xs text-slate-500">Sin conexión: mostramos el historial guardado en tu teléfono.</p>}
      <div role="tablist" aria-label="Filtrar" className="grid grid-cols-3 gap-1 rounded-full bg-slate-100 p-1">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            role="tab"
            type="button"
            aria-selected={filter === f.value}
            onClick={() => onFilter(f.value)}
            className={`min-h-11 rounded-full text-sm font-semibold ${filter === f.value ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600'}`}
          >
            {f.label}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <p className="rounded-2xl bg-white px-4 py-8 text-center text-sm text-slate-600 ring-1 ring-slate-200">No hay resultados.</p>
      ) : (
        <ul aria-label="Juegos del Boost" className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200">
          {shown.map((item) => (
            <li key={item.id} className="flex flex-col gap-1 px-4 py-3">
              <div className="flex items-start justify-between gap-2">
                <p className="text-sm font-semibold [overflow-wrap:anywhere]">{item.question}</p>
                <OutcomeBadge item={item} />
              </div>
              <p className="text-xs text-slate-600">
                <time dateTime={item.gameDate}>{formatCalendarDay(item.gameDate)}</time> · +{formatPoints(item.points)}
                {item.answer !== null && (
                  <>
                    {' '}· Tu respuesta: <strong>{item.answer}</strong>
                  </>
                )}
                {item.correctAnswer !== null && (
                  <>
                    {' '}· Correcta: <strong>{item.correctAnswer}</strong>
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
      {all.length > shown.length && (
        <button
          type="button"
          onClick={() => setPages({ filter, count: count + 1 })}
          className="mx-auto inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Ver más ({all.length - shown.length})
        </button>
      )}
    </div>
  );
}
