// The referral card (/dashboard, /inicio): the invitation link to share, friends invited and
// active, the points referrals gave this month, and the monthly cap said plainly.
// The figures and the sharing part load in their own chunk, beside the stats.
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { cachedRead, MAX_AGE } from '@/lib/cached-read';
import { useUserId } from '@/lib/session';
import { getReferralStats, type ReferralStats } from '../api/get-referral-stats';

const loadDetails = () => import('./referral-details');
const ReferralDetails = lazy(() => loadDetails().then((m) => ({ default: m.ReferralDetails })));

const LOADING = <div role="status" aria-label="Cargando tus referidos" className="h-48 animate-pulse bg-slate-50" />;

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; stats: ReferralStats };

export function ReferralCard({ perFriendPoints }: { perFriendPoints: number }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const userId = useUserId();
  useEffect(() => {
    let current = true;
    loadDetails().catch(() => {});
    // Through the read cache: offline the card shows the last figures (issue 32).
    cachedRead('friends:referrals', userId, getReferralStats, MAX_AGE.standings).then(
      ({ data: stats }) => current && setLoad(stats ? { kind: 'ready', stats } : { kind: 'failed' }),
      () => current && setLoad({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [userId]);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="border-b border-slate-100 px-4 py-3">
        <h2 id={titleId} className="font-bold">
          Invita a tus amigos
        </h2>
      </header>
      {load.kind === 'loading' && LOADING}
      {load.kind === 'failed' && <p className="px-4 py-6 text-center text-sm text-slate-600">{navigator.onLine ? 'No pudimos cargar tus referidos. Revisa tu conexión.' : 'Sin conexión: tus referidos se ven cuando vuelva la señal.'}</p>}
      {load.kind === 'ready' && (
        <Suspense fallback={LOADING}>
          <ReferralDetails stats={load.stats} perFriendPoints={perFriendPoints} />
        </Suspense>
      )}
    </section>
  );
}
