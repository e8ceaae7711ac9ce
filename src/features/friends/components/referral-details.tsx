// The referral card's body once the stats are read: what a friend is worth and the monthly cap,
// the three figures, and the invitation link to share.
import type { ReferralStats } from '../api/get-referral-stats';
import { inviteLink } from '../invite-link';
import { ShareInvite } from './share-invite';

export function ReferralDetails({ stats, perFriendPoints }: { stats: ReferralStats; perFriendPoints: number }) {
  return (
    <div className="flex flex-col gap-3 px-4 py-4">
      <p className="text-sm text-slate-700">
        Gana <strong>+{perFriendPoints} puntos</strong> por cada amigo que se registre con tu enlace y juegue una quiniela, hasta{' '}
        <strong>{stats.monthlyCap} amigos al mes</strong>.
      </p>
      <dl className="grid grid-cols-3 gap-2 text-center">
        <Figure label="Invitados" value={stats.invited} />
        <Figure label="Activos" value={stats.active} />
        <Figure label="Puntos este mes" value={stats.monthPoints} />
      </dl>
      <ShareInvite link={inviteLink(window.location.origin, stats.code)} />
    </div>
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
