// /quinielazo-boost-historial: every Boost game of the last months with the filter Todos /
// Jugados / No jugados; each item is open (not answered yet, before its lock), not played,
// waiting for the result, correct (+points) or incorrect; its day in Spanish. Read through the
// offline read cache, so it browses without signal.
import { formatCalendarDay } from '@/lib/time';
import { PageHeader } from '@/components/ui/page-header';
import type { HistoryItem } from '../api/games';
import { FILTERS, filterHistory, type HistoryFilter } from '../model/history-filter';
import { OutcomeBadge } from './outcome-badge';

export function BoostHistoryPage({ items, cachedAt, filter, onFilter }: { items: HistoryItem[]; cachedAt: number | null; filter: HistoryFilter; onFilter: (f: HistoryFilter) => void }) {
  const shown = filterHistory(items, filter);
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
            className={`min-h-10 rounded-full text-sm font-semibold ${filter === f.value ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600'}`}
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
                <time dateTime={item.gameDate}>{formatCalendarDay(item.gameDate)}</time> · +{item.points} pts
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
    </div>
  );
}
