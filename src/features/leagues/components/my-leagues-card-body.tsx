// The "Mis ligas" card's list: read and drawn after the page (my-leagues-card.tsx loads it).
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { MyLeague } from '../api/get-my-leagues';
import { loadMyLeagues } from '../load-my-leagues';
import { MyLeaguesList } from './my-leagues-list';

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; leagues: MyLeague[] };

export function MyLeaguesCardBody({ userId }: { userId: string }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    // Through the read cache: offline the card shows the last copy, as the homes' other cards do.
    loadMyLeagues(userId).then(
      ({ data: leagues }) => live && setLoad({ kind: 'ready', leagues }),
      () => live && setLoad({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [userId]);

  if (load.kind === 'loading') return <CardPlaceholder />;
  if (load.kind === 'failed') return <p className="px-4 py-3 text-sm text-slate-600">No se pudieron cargar tus ligas.</p>;
  if (load.leagues.length === 0) {
    return (
      <p className="px-4 py-3 text-sm text-slate-600">
        Juega con tu oficina o tus amigos en su propia tabla.{' '}
        <Link to="/ligas" className="font-semibold text-brand-700 underline">
          Crea una liga
        </Link>
      </p>
    );
  }
  return <MyLeaguesList leagues={load.leagues} />;
}

function CardPlaceholder() {
  return <div className="h-14 animate-pulse bg-slate-50" aria-hidden="true" />;
}
