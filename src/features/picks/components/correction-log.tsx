// The round's public correction log (../shared/spec/decisions.md, "Match day"): every result
// entered or changed by hand, and every change after finalization — when, which match, old →
// new, who (an admin's username or "proveedor") and why. Shown only when there is something.
// A correction after finalization that turned the signed-in player's pick right or wrong says so
// on its line (he is also told by push or e-mail: internal.queue_correction_notices).
import { useEffect, useState } from 'react';
import { supabase } from '@/lib/supabase';
import { formatDayAndTime } from '@/lib/time';
import type { MatchSide, RoundMatch } from '@/lib/game/rounds';
import { pickCounts, teamName, toSide } from '@/lib/game/rounds';

interface Correction {
  id: number;
  match_id: number;
  at: string;
  old_result: string | null;
  new_result: string | null;
  who: string;
  why: string | null;
  after_finalization: boolean;
}

export function CorrectionLog({ roundId, matches, myPicks = {} }: { roundId: number; matches: RoundMatch[]; myPicks?: Record<number, { result: MatchSide }> }) {
  const [rows, setRows] = useState<Correction[]>([]);
  useEffect(() => {
    let stopped = false;
    void supabase
      .from('result_corrections')
      .select('id, match_id, at, old_result, new_result, who, why, after_finalization')
      .eq('quiniela_id', roundId)
      .order('at')
      .then(({ data, error }) => {
        if (error) console.warn('No pudimos leer las correcciones', error);
        else if (!stopped) setRows(data as Correction[]);
      });
    return () => {
      stopped = true;
    };
  }, [roundId]);
  if (!rows.length) return null;
  const matchOf = new Map(matches.map((m) => [m.id, m]));
  return (
    <section aria-labelledby={`corrections-${roundId}`} className="border-t border-slate-200 px-4 py-3">
      <h2 id={`corrections-${roundId}`} className="text-sm font-bold text-slate-900">Correcciones de resultados</h2>
      <ol className="mt-2 flex flex-col gap-1 text-xs text-slate-700">
        {rows.map((r) => {
          const m = matchOf.get(r.match_id);
          const label = m ? `Partido ${m.order} (${teamName(m.homeClub, m.homeTeam)} vs ${teamName(m.awayClub, m.awayTeam)})` : 'Un partido';
          // A void match has no result: "anulado" says what stood before a result typed by hand.
          const none = m?.voidedAt ? 'anulado' : 'sin resultado';
          const mine = myPicks[r.match_id]?.result;
          const voidedAt = m?.voidedAt ?? null;
          const wasRight = pickCounts(mine, { correctResult: toSide(r.old_result), voidedAt });
          const isRight = pickCounts(mine, { correctResult: toSide(r.new_result), voidedAt });
          const yours = r.after_finalization && mine && wasRight !== isRight;
          return (
            <li key={r.id}>
              <time dateTime={r.at}>{formatDayAndTime(r.at)}</time> · {label}: {r.old_result ?? none} → {r.new_result ?? none} · {r.who}
              {r.why ? ` · ${r.why}` : ''}
              {r.after_finalization ? ' · después de finalizar' : ''}
              {yours && (
                <strong className={isRight ? 'text-brand-800' : 'text-red-800'}>
                  {' '}· Tu predicción ({mine}) {isRight ? 'ahora cuenta como acierto' : 'ya no cuenta como acierto'}
                </strong>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
