// /pro/<round>: the player's Pro entries of one round. Each tap on a match is saved at once
// through the shared drafts/outbox (a "saved" line for 3 s); each entry offers 'Guardar
// progreso' while partial and 'Enviar entrada' when complete, and can copy the free picks.
// A countdown by the second shows 'Cerrado' at zero; after it the picks are locked and shown
// with their verdicts. Credited entries and results arrive live (Realtime).
import { useEffect, useMemo, useState } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { MatchTeams } from '@/components/ui/match-teams';
import { getDb, isQuotaError, type ProPickDraft } from '@/lib/db';
import { flushNow, startOutboxRunner } from '@/lib/outbox-runner';
import { isVoid, MATCH_SIDES, pickCounts, type MatchSide, type RoundMatch } from '@/lib/game/rounds';
import { countOf } from '@/lib/plural';
import { formatDeadlineBeside } from '@/lib/time';
import { GUESS, GUESSES } from '@/lib/words';
import { useLiveQuery } from '@/lib/use-live-query';
import { copyFreePicks } from '../api/copy-free-picks';
import type { ProEntry, ProRound } from '../api/get-pro-round';
import { proDraftsOfRound, recordProPick } from '@/lib/game/pro-pick-drafts';
import { proPickStateText, shownProPicks, type ShownProPick } from '../model/merge-pro-picks';
import { PRO_MESSAGES, PRO_SAVED_MS } from '../model/pro-messages';
import type { PaymentReturn } from '../model/route-params';
import { ProCountdown, useRoundOpen } from './pro-countdown';

const NO_DRAFTS: ProPickDraft[] = [];

export function ProEntryPage({ data, userId, paymentReturn, onReload }: { data: ProRound; userId: string; paymentReturn?: PaymentReturn; onReload: () => void }) {
  const { round, entries, pendingPayments } = data;
  const open = useRoundOpen(round.deadline, round.resultsSaved);
  useEffect(() => startOutboxRunner(), []);
  const drafts = useLiveQuery<ProPickDraft[]>(() => proDraftsOfRound(getDb(), userId, round.id), [userId, round.id], NO_DRAFTS);
  const live = entries.filter((e) => !e.voided);

  return (
    <div className="flex flex-col gap-4">
      <header className="rounded-2xl bg-slate-900 px-4 py-4 text-white shadow-sm">
        <p className="text-xs font-semibold uppercase tracking-wide text-gold-400">Quinielazo Pro</p>
        <h1 className="mt-1 text-xl font-bold">{round.name}</h1>
        <p className="mt-1 text-sm text-slate-200">
          Cierre: <time dateTime={round.deadline}>{formatDeadlineBeside(round.name, round.deadline)}</time>
        </p>
        <ProCountdown deadline={round.deadline} />
        <AppLink to={`/pro/${round.id}/resultados`} className="mt-2 inline-block text-sm font-semibold text-gold-400 underline">
          Ver resultados en vivo
        </AppLink>
      </header>

      {paymentReturn && (
        <p role={paymentReturn === 'rechazado' ? 'alert' : 'status'} className={`rounded-xl px-4 py-3 text-sm font-semibold ${paymentReturn === 'rechazado' ? 'bg-red-50 text-red-800' : 'bg-brand-50 text-brand-900'}`}>
          {PRO_MESSAGES.back[paymentReturn]}
        </p>
      )}
      {pendingPayments > 0 && (
        <p role="status" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {pendingPayments === 1 ? 'Tienes 1 pago pendiente.' : `Tienes ${pendingPayments} pagos pendientes.`} Tus entradas aparecerán aquí en cuanto MercadoPago lo apruebe.
        </p>
      )}

      {live.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-6 py-8 text-center shadow-sm ring-1 ring-slate-200">
          <p className="font-semibold">{PRO_MESSAGES.noEntries}</p>
          {open && (
            <AppLink to={`/pro?quiniela=${round.id}`} className="rounded-full bg-brand-700 px-5 py-3 text-sm font-semibold text-white">
              Comprar entradas
            </AppLink>
          )}
        </div>
      ) : (
        live.map((entry) => <EntryCard key={entry.id} entry={entry} matches={round.matches} drafts={drafts} userId={userId} roundId={round.id} deadline={round.deadline} open={open} onReload={onReload} />)
      )}
      {entries.some((e) => e.voided) && (
        <p className="text-sm text-slate-600">
          {entries.filter((e) => e.voided).length} {entries.filter((e) => e.voided).length === 1 ? 'entrada anulada' : 'entradas anuladas'} por un reembolso: ya no juegan ni suman a la bolsa.
        </p>
      )}
    </div>
  );
}

type Notice = { kind: 'saved' | 'error' | 'queued'; text: string } | null;

function EntryCard(props: { entry: ProEntry; matches: RoundMatch[]; drafts: ProPickDraft[]; userId: string; roundId: number; deadline: string; open: boolean; onReload: () => void }) {
  const { entry, matches, drafts, userId, roundId, deadline, open, onReload } = props;
  const shown = useMemo(() => shownProPicks(entry, drafts), [entry, drafts]);
  const [notice, setNotice] = useState<Notice>(null);
  const [copying, setCopying] = useState(false);
  const picked = matches.filter((m) => shown[m.id]).length;
  const complete = picked === matches.length && matches.length > 0;
  const points = matches.filter((m) => pickCounts(shown[m.id]?.result, m)).length;
  const titleId = `entry-${entry.id}`;

  useEffect(() => {
    if (!notice || notice.kind === 'queued') return;
    const timer = setTimeout(() => setNotice(null), PRO_SAVED_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  async function send(savedText: string) {
    try {
      const report = await flushNow();
      if (!report) return setNotice({ kind: 'error', text: PRO_MESSAGES.saveFailed });
      if (report.rejected > 0) return setNotice({ kind: 'error', text: PRO_MESSAGES.closedRefused });
      if (report.refused > 0) return setNotice({ kind: 'error', text: PRO_MESSAGES.refused });
      if (report.waiting > 0) {
        return setNotice(navigator.onLine ? { kind: 'error', text: PRO_MESSAGES.saveFailed } : { kind: 'queued', text: 'Sin conexión: se enviará en cuanto vuelva la señal.' });
      }
      setNotice({ kind: 'saved', text: savedText });
    } catch {
      setNotice({ kind: 'error', text: PRO_MESSAGES.saveFailed });
    }
  }

  function tap(match: RoundMatch, result: MatchSide) {
    if (!open) return;
    void recordProPick(getDb(), { userId, entryId: entry.id, matchId: match.id, quinielaId: roundId, result, deadline })
      .then(() => send(PRO_MESSAGES.saved))
      .catch((error: unknown) =>
        setNotice({ kind: 'error', text: isQuotaError(error) ? 'Tu teléfono no tiene espacio para guardar la predicción. Libera espacio e inténtalo de nuevo.' : PRO_MESSAGES.saveFailed }),
      );
  }

  async function copy() {
    setCopying(true);
    try {
      const copied = await copyFreePicks(entry.id);
      setNotice({ kind: 'saved', text: copied === 0 ? 'No tienes predicciones en la versión gratis de esta quiniela.' : `Copiamos ${countOf(copied, GUESS, GUESSES)} de tu quiniela gratis.` });
      onReload();
    } catch {
      setNotice({ kind: 'error', text: PRO_MESSAGES.copyFailed });
    } finally {
      setCopying(false);
    }
  }

  return (
    <section aria-labelledby={titleId} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 id={titleId} className="font-bold">
          {entry.label}
        </h2>
        <p className="text-xs text-slate-600">
          {open ? `${picked} de ${matches.length} partidos` : `${points} ${points === 1 ? 'acierto' : 'aciertos'}`}
        </p>
      </header>
      {open && (
        <div className="px-4 pt-3">
          <button type="button" onClick={() => void copy()} disabled={copying} className="min-h-11 text-sm font-semibold text-brand-700 underline disabled:opacity-50">
            {copying ? 'Copiando…' : 'Copiar mis predicciones de la versión gratis'}
          </button>
        </div>
      )}
      <ol aria-label={`Partidos de ${entry.label}`} className="divide-y divide-slate-100">
        {matches.map((match) => (
          <ProMatchRow key={match.id} match={match} pick={shown[match.id]} open={open} onPick={(side) => tap(match, side)} />
        ))}
      </ol>
      <div className="flex flex-col gap-2 border-t border-slate-100 px-4 py-3">
        {open && (
          <Button onClick={() => void send(complete ? 'Entrada enviada' : 'Progreso guardado')}>{complete ? 'Enviar entrada' : 'Guardar progreso'}</Button>
        )}
        {notice && (
          <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`rounded-lg px-3 py-2 text-sm font-semibold ${notice.kind === 'error' ? 'bg-red-50 text-red-800' : notice.kind === 'queued' ? 'bg-amber-50 text-amber-900' : 'bg-brand-50 text-brand-800'}`}>
            {notice.text}
          </p>
        )}
      </div>
    </section>
  );
}

function ProMatchRow({ match, pick, open, onPick }: { match: RoundMatch; pick: ShownProPick | undefined; open: boolean; onPick: (side: MatchSide) => void }) {
  const verdict = !open && pick && (match.correctResult || isVoid(match)) ? (pickCounts(pick.result, match) ? (isVoid(match) ? '✓ Acierto (partido anulado)' : '✓ Acierto') : '✗ Fallo') : null;
  return (
    <li>
      <div role="group" aria-label={`${match.homeTeam} contra ${match.awayTeam}`} className="flex flex-col gap-2 px-3 py-3">
        <MatchTeams match={match} />
        <div className="grid grid-cols-3 gap-2">
          {MATCH_SIDES.map((side) => {
            const chosen = pick?.result === side;
            return (
              <button
                key={side}
                type="button"
                aria-pressed={chosen}
                disabled={!open}
                onClick={() => onPick(side)}
                className={`min-h-12 rounded-xl border-2 px-1 text-sm font-bold transition active:scale-[0.97] disabled:opacity-100 ${
                  chosen ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-200 bg-white text-slate-800'
                } ${open ? 'hover:border-slate-600' : 'cursor-default'}`}
              >
                {side}
              </button>
            );
          })}
        </div>
        {pick && pick.state !== 'saved' && (
          <p className={`text-xs ${pick.state === 'pending' ? 'text-amber-800' : 'font-semibold text-red-800'}`}>{proPickStateText(pick)}</p>
        )}
        {verdict && <p className={`text-xs font-semibold ${verdict.startsWith('✓') ? 'text-brand-800' : 'text-red-800'}`}>{verdict}</p>}
      </div>
    </li>
  );
}
