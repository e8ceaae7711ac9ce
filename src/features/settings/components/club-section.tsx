import { useId, useMemo, useState } from 'react';
import { ClubCrest } from '@/components/ui/club-crest';
import type { Club } from '@/lib/clubs';
import { filterClubs, LEAGUES, type League } from '../rules';
import { LinkButton, SettingsCard } from './settings-card';

export interface ClubSectionProps {
  clubs: Club[];
  savedClubId: number | null;
  draftClubId: number | null;
  /** Club-selection mode ('Cambiar club'); a player without a club is always in it. */
  selecting: boolean;
  onStartChange: () => void;
  onCancel: () => void;
  onSelect: (clubId: number) => void;
}

/** The favourite club: shown with its crest, or chosen from a league-filtered, searchable list. */
export function ClubSection({ clubs, savedClubId, draftClubId, selecting, onStartChange, onCancel, onSelect }: ClubSectionProps) {
  const byId = useMemo(() => new Map(clubs.map((club) => [club.id, club])), [clubs]);
  const draft = draftClubId === null ? null : (byId.get(draftClubId) ?? null);
  const canCancel = selecting && savedClubId !== null;

  let action = null;
  if (!selecting) {
    action = (
      <LinkButton onClick={onStartChange} label="Cambiar club favorito">
        Cambiar club
      </LinkButton>
    );
  } else if (canCancel) {
    action = (
      <LinkButton onClick={onCancel} label="Cancelar cambio de club">
        Cancelar
      </LinkButton>
    );
  }

  return (
    <SettingsCard
      id="settings-club"
      title="Club favorito"
      description={savedClubId === null ? 'Elige tu club: lo verás junto a tu nombre.' : 'Aparece junto a tu nombre en la app.'}
      action={action}
    >
      {draft ? (
        <div className="flex items-center gap-3" data-testid="settings-club">
          <ClubCrest name={draft.name} logoUrl={draft.logoUrl} size={44} />
          <div className="min-w-0">
            <p className="truncate font-bold">{draft.name}</p>
            <p className="text-xs text-slate-500">
              {draft.league}
              {draft.id !== savedClubId ? ' · sin guardar' : ''}
            </p>
          </div>
        </div>
      ) : selecting ? null : (
        <p className="text-sm text-slate-600">Aún no eliges club.</p>
      )}
      {selecting ? <ClubPicker clubs={clubs} selectedId={draftClubId} initialLeague={leagueOf(draft)} onSelect={onSelect} /> : null}
    </SettingsCard>
  );
}

function leagueOf(club: Club | null): League {
  return LEAGUES.find((league) => league === club?.league) ?? 'Liga MX';
}

function ClubPicker({ clubs, selectedId, initialLeague, onSelect }: { clubs: Club[]; selectedId: number | null; initialLeague: League; onSelect: (id: number) => void }) {
  const [league, setLeague] = useState<League>(initialLeague);
  const [query, setQuery] = useState('');
  const searchId = useId();
  const shown = useMemo(() => filterClubs(clubs, league, query), [clubs, league, query]);
  const searching = query.trim() !== '';

  return (
    <div className={`flex flex-col gap-3 ${selectedId !== null ? 'mt-4 border-t border-slate-100 pt-4' : ''}`}>
      <div role="group" aria-label="Filtrar por liga" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]">
        {LEAGUES.map((name) => {
          const active = !searching && league === name;
          return (
            <button
              key={name}
              type="button"
              aria-pressed={active}
              onClick={() => {
                setLeague(name);
                setQuery('');
              }}
              className={`min-h-9 shrink-0 rounded-full px-3.5 text-sm font-semibold whitespace-nowrap transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                active ? 'bg-brand-700 text-white shadow-sm' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
              }`}
            >
              {name}
            </button>
          );
        })}
      </div>
      <div>
        <label htmlFor={searchId} className="sr-only">
          Buscar club
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Buscar club en todas las ligas…"
          autoComplete="off"
          className="block min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3.5 text-base text-slate-900 shadow-sm outline-none transition placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
        />
      </div>
      {shown.length === 0 ? (
        <p className="rounded-xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">
          {searching ? 'No encontramos clubes con ese nombre.' : league === 'Jugadores' ? 'Muy pronto podrás elegir a tu jugador favorito.' : 'No hay clubes en esta liga.'}
        </p>
      ) : (
        <div role="radiogroup" aria-label={searching ? 'Clubes encontrados' : `Clubes de ${league}`} className="grid max-h-96 grid-cols-2 gap-2 overflow-y-auto p-0.5">
          {shown.map((club) => (
            <label
              key={club.id}
              className="flex min-h-14 cursor-pointer items-center gap-2 rounded-xl px-2.5 py-2 ring-1 ring-slate-200 transition hover:bg-slate-50 has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700"
            >
              <input type="radio" name="favorite-club" className="sr-only" aria-label={club.name} checked={club.id === selectedId} onChange={() => onSelect(club.id)} />
              <ClubCrest name={club.name} logoUrl={club.logoUrl} size={32} />
              <span className="min-w-0">
                <span className="block text-sm leading-tight font-semibold [overflow-wrap:anywhere]">{club.name}</span>
                {searching ? <span className="block text-[11px] text-slate-500">{club.league}</span> : null}
              </span>
            </label>
          ))}
        </div>
      )}
    </div>
  );
}
