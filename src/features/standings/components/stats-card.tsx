// "Tus números": the player's points, place and share of right picks this month. First on
// /dashboard (its route imports it); below the fold on /inicio, whose route loads it after the
// first frame (docs/performance.md).
import { countOf } from '@/lib/plural';
import { accuracy } from '@/lib/game/game-rules';
import type { PlayerHomeData } from '../load-player-home';
import { tabPlace } from '../tab-order';
import { monthLabel, monthWord } from '../months';
import { rankText, ROUND, ROUNDS } from '@/lib/words';

export function StatsCard({ data }: { data: PlayerHomeData }) {
  const me = data.me.ok ? data.me.value : null;
  const place = me ? tabPlace(me, 'total') : null;
  const rounds = data.rounds.ok ? data.rounds.value : [];
  const correct = rounds.reduce((sum, r) => sum + r.correct, 0);
  const share = rounds.length > 0 ? accuracy(correct, rounds.length) : null;
  const stats: { label: string; value: string }[] = [
    { label: 'Puntos', value: data.me.ok ? String(me?.totalPoints ?? 0) : '–' },
    // One rank format across the app, the Spanish ordinal "8.º" (issue 44, item 13).
    // His place as the leaderboard gives it: none at 0 points (tabPlace), as the race draws no line.
    { label: 'Posición', value: place === null ? '–' : rankText(place) },
    { label: 'Aciertos', value: share === null ? '–' : `${Math.round(share * 100)}%` },
  ];
  return (
    <section aria-labelledby="stats-title" className="rounded-2xl bg-brand-800 px-4 py-4 text-white shadow-sm">
      <h2 id="stats-title" className="text-xs font-semibold uppercase tracking-wide text-brand-100">
        Tus números · {monthLabel(data.month)}
      </h2>
      {data.waiting && (
        <p className="mt-1 text-xs text-brand-100">
          Aún no sumas puntos en {monthWord(data.waiting)}: estos son tus números finales de {monthWord(data.month)}.
        </p>
      )}
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
        {stats.map((s) => (
          <div key={s.label} className="rounded-xl bg-white/10 px-2 py-3">
            <dt className="text-xs text-brand-100">{s.label}</dt>
            <dd className="mt-1 text-2xl font-extrabold tabular-nums">{s.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-brand-100">
        {/* A failed read is said as such, never shown as an empty month. */}
        {!data.me.ok || !data.rounds.ok
          ? 'No pudimos cargar tus números. Revisa tu conexión.'
          : rounds.length > 0
          ? `${countOf(correct, 'acierto', 'aciertos')} en ${countOf(rounds.length, ROUND, ROUNDS)} (de 12 por ${ROUND}).`
          : 'Aún no tienes quinielas calificadas este mes.'}
      </p>
    </section>
  );
}
