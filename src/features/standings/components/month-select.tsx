// The "Mes" picker of the leaderboard and the history: the page reloads with the chosen month.
import { monthKey, monthLabel, type GameMonth } from '../months';

export function MonthSelect({ value, months, onChange }: { value: GameMonth; months: GameMonth[]; onChange: (monthKey: string) => void }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      Mes
      <select
        value={monthKey(value)}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
      >
        {months.map((m) => (
          <option key={monthKey(m)} value={monthKey(m)}>
            {monthLabel(m)}
          </option>
        ))}
      </select>
    </label>
  );
}
