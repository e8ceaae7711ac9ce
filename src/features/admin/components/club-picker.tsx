import { useId, useMemo, useState } from 'react';
import type { Club } from '@/lib/clubs';
import { Crest, inputClass } from './ui';

const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/** A searchable club combobox with crests: type part of a name or league, pick from the list. */
export function ClubPicker({ label, clubs, value, onChange }: { label: string; clubs: Club[]; value: number | null; onChange: (id: number | null) => void }) {
  const listId = useId();
  const selected = clubs.find((c) => c.id === value) ?? null;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const options = useMemo(() => {
    const q = fold(query.trim());
    const hits = q ? clubs.filter((c) => fold(`${c.name} ${c.shortName ?? ''} ${c.league}`).includes(q)) : clubs;
    return hits.slice(0, 12);
  }, [clubs, query]);

  function choose(club: Club) {
    onChange(club.id);
    setQuery('');
    setOpen(false);
  }

  return (
    <div className="relative">
      <div className="flex items-center gap-2">
        {selected ? <Crest src={selected.logoUrl} name={selected.name} /> : <span className="size-6 shrink-0 rounded-full border border-dashed border-slate-300" aria-hidden="true" />}
        <input
          role="combobox"
          aria-label={label}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && options[active] ? `${listId}-${options[active].id}` : undefined}
          className={inputClass}
          placeholder="Busca un club…"
          value={open ? query : (selected?.name ?? '')}
          onFocus={() => {
            setOpen(true);
            setActive(0);
          }}
          onBlur={() => setOpen(false)}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
            setActive(0);
            if (e.target.value === '' && selected) onChange(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
              setActive((i) => Math.min(i + 1, options.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((i) => Math.max(i - 1, 0));
            } else if (e.key === 'Enter' && open && options[active]) {
              e.preventDefault();
              choose(options[active]);
            } else if (e.key === 'Escape') {
              setOpen(false);
            }
          }}
        />
      </div>
      {open ? (
        <ul id={listId} role="listbox" aria-label={label} className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
          {options.length === 0 ? <li className="px-3 py-2 text-sm text-slate-500">Sin coincidencias</li> : null}
          {options.map((c, i) => (
            <li
              key={c.id}
              id={`${listId}-${c.id}`}
              role="option"
              aria-selected={c.id === value}
              className={`flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm ${i === active ? 'bg-brand-50' : ''}`}
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(c);
              }}
              onMouseEnter={() => setActive(i)}
            >
              <Crest src={c.logoUrl} name={c.name} />
              <span className="flex-1">{c.name}</span>
              <span className="text-xs text-slate-500">{c.league}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
