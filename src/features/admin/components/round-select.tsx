import { useId } from 'react';
import type { AdminRound } from '../api/list-rounds';
import { inputClass } from './ui';

export function roundLabel(r: AdminRound): string {
  return `#${r.id} · ${r.name} · Semana ${r.week}${r.resultsSaved ? ' · finalizada' : ''}`;
}

/** A round selector; value '' = none chosen. */
export function RoundSelect({ rounds, value, onChange, label = 'Quiniela' }: { rounds: AdminRound[] | null; value: string; onChange: (id: string) => void; label?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
      <label htmlFor={id}>{label}</label>
      <select id={id} className={inputClass} value={value} onChange={(e) => onChange(e.target.value)} disabled={!rounds}>
        <option value="">{rounds ? 'Elige una quiniela' : 'Cargando…'}</option>
        {rounds?.map((r) => (
          <option key={r.id} value={String(r.id)}>
            {roundLabel(r)}
          </option>
        ))}
      </select>
    </div>
  );
}
