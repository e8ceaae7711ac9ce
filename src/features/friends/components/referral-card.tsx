// The referral card (/dashboard, /inicio): the invitation link to share, friends invited and
// active, the points referrals gave this month, and the monthly cap said plainly.
import { useEffect, useId, useState } from 'react';
import { getReferralStats, type ReferralStats } from '../api/get-referral-stats';
import { inviteLink } from '../invite-link';
import { ShareInvite } from './share-invite';

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; stats: ReferralStats };

export function ReferralCard({ perFriendPoints }: { perFriendPoints: number }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    getReferralStats().then(
      (stats) => current && setLoad(stats ? { kind: 'ready', stats } : { kind: 'failed' }),
      () => current && setLoad({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, []);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="border-b border-slate-100 px-4 py-3">
        <h2 id={titleId} className="font-bold">
          Invita a tus amigos
        </h2>
      </header>
      {load.kind === 'loading' && <div role="status" aria-label="Cargando tus referidos" className="h-48 animate-pulse bg-slate-50" />}
      {load.kind === 'failed' && <p className="px-4 py-6 text-center text-sm text-slate-600">No pudimos cargar tus referidos. Revisa tu conexión.</p>}
      {load.kind === 'ready' && (
        <div className="flex flex-col gap-3 px-4 py-4">
          <p className="text-sm text-slate-700">
            Gana <strong>+{perFriendPoints} puntos</strong> por cada amigo que se registre con tu enlace y juegue una quiniela, hasta{' '}
            <strong>{load.stats.monthlyCap} amigos al mes</strong>.
          </p>
          <dl className="grid grid-cols-3 gap-2 text-center">
            <Figure label="Invitados" value={load.stats.invited} />
            <Figure label="Activos" value={load.stats.active} />
            <Figure label="Puntos este mes" value={load.stats.monthPoints} />
          </dl>
          <ShareInvite link={inviteLink(window.location.origin, load.stats.code)} />
        </div>
      )}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl bg-slate-50 px-2 py-2">
      <dt className="text-[11px] font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="text-xl font-extrabold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}
