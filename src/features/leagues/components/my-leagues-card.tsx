// "Mis ligas" on /dashboard and /inicio: the player's place in each liga and how many members
// still have to pick. Reads on its own after the page (the page does not wait for it); a player
// without ligas sees where to create one.
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { getMyLeagues, type MyLeague } from '../api/get-my-leagues';
import { MyLeaguesList } from './my-leagues-list';

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; leagues: MyLeague[] };

export function MyLeaguesCard() {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    getMyLeagues().then(
      (leagues) => live && setLoad({ kind: 'ready', leagues }),
      () => live && setLoad({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <section aria-labelledby="my-leagues-card" className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <h2 id="my-leagues-card" className="font-bold">
          Mis ligas
        </h2>
        <Link to="/ligas" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline">
          Ver ligas
        </Link>
      </header>
      {load.kind === 'loading' ? (
        <div className="h-14 animate-pulse bg-slate-50" aria-hidden="true" />
      ) : load.kind === 'failed' ? (
        <p className="px-4 py-3 text-sm text-slate-600">No se pudieron cargar tus ligas.</p>
      ) : load.leagues.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-600">
          Juega con tu oficina o tus amigos en su propia tabla.{' '}
          <Link to="/ligas" className="font-semibold text-brand-700 underline">
            Crea una liga
          </Link>
        </p>
      ) : (
        <MyLeaguesList leagues={load.leagues} />
      )}
    </section>
  );
}
