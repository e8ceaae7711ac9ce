// /ligas/<id>: a liga for its members. The month's table (the leaderboard's own table, with its
// rank arrows, score detail and month picker), switchable to the round and to Boost; the round:
// who still has to pick before the deadline, everybody's picks and the liga's winner after; the
// liga's chat (members only); the prize line, the invitation, the members with their clubs; the owner's management and a
// member's "Salir de la liga". While a round its members played is on, that round live first, with
// the month's table as it would stand (league-live.tsx, a chunk of its own: only match days need it).
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { FormMessage } from '@/components/ui/field';
import { SavedCopyNote } from '@/components/ui/saved-copy-note';
import { LoadingState } from '@/components/ui/loading-state';
import { countOf } from '@/lib/plural';
import { formatDeadlineBeside } from '@/lib/time';
import { useSending } from '@/lib/use-sending';
import { LeagueChat } from '@/features/chat';
import { compareMonths, gameMonthOf, LeaderboardTable, leaderboardView, monthPhrase, monthWord, MonthSelect, ScoreDetailDialog, type LeaderboardEntry } from '@/features/standings';
import { deleteLeague } from '../api/delete-league';
import { leaveLeague } from '../api/leave-league';
import { removeLeagueMember } from '../api/remove-league-member';
import { renewLeagueCode } from '../api/renew-league-code';
import { transferLeague } from '../api/transfer-league';
import { leagueErrorMessage } from '../league-rules';
import type { LeagueData } from '../load-league';
import type { LeagueLive as LeagueLiveData } from '../load-league-live';
import { LEAGUE_TABS, type LeagueTab } from '../search-params';
import { ConfirmDialog, type Confirmation } from './confirm-dialog';
import { InviteButtons } from './invite-buttons';
import { LeagueMembers } from './league-members';
import { MissingPicks } from './missing-picks';
import { OwnerPanel } from './owner-panel';
import { RoundPicksGrid } from './round-picks-grid';
import { RoundTable } from './round-table';

const TAB_LABELS: Record<LeagueTab, string> = { total: 'Mes', quiniela: 'Quiniela', boost: 'Boost' };
const LeagueLive = lazy(() => import('./league-live').then((m) => ({ default: m.LeagueLive })));

interface LeaguePageProps {
  data: LeagueData;
  cachedAt: number | null;
  /** A round its members played being on now (read apart from the cached page). */
  live?: LeagueLiveData | null;
  userId: string;
  tab: LeagueTab;
  onTabChange: (tab: LeagueTab) => void;
  /** A month key, "2026-10". */
  onMonthChange: (month: string) => void;
  /** Another round chosen (issue 44, item 11). */
  onRoundChange?: (roundId: number) => void;
  onReload: () => void;
}

export function LeaguePage({ data, cachedAt, live, userId, tab, onTabChange, onMonthChange, onRoundChange, onReload }: LeaguePageProps) {
  const [selected, setSelected] = useState<LeaderboardEntry | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const { sending, send } = useSending();
  const navigate = useNavigate();
  const { league, round } = data;

  if (!league) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200">
        <h1 className="text-lg font-bold">No estás en esta liga</h1>
        <p className="text-sm text-slate-600">Solo sus miembros la ven. Pide el enlace de invitación a quien la organiza.</p>
        <Link to="/ligas" className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white">
          Ir a mis ligas
        </Link>
      </div>
    );
  }

  const isOwner = league.ownerId === userId;
  const view = tab === 'boost' ? leaderboardView(data.boostEntries, 'boost', userId, Math.max(data.boostEntries.length, 1)) : leaderboardView(data.entries, 'total', userId, Math.max(data.entries.length, 1));

  /** Runs a confirmed action; on success `then` says where the player goes next. */
  const confirm = (c: Omit<Confirmation, 'run'>, action: () => Promise<void>, then: () => void | Promise<void>) =>
    setConfirmation({
      ...c,
      run: () =>
        send(async () => {
          try {
            await action();
            setConfirmation(null);
            await then();
          } catch (error) {
            setConfirmation(null);
            setNotice({ tone: 'error', text: leagueErrorMessage(error, 'No se pudo completar. Revisa tu conexión e inténtalo de nuevo.') });
          }
        }).then(() => undefined),
    });

  const toMyLeagues = () => navigate({ to: '/ligas' });
  const removeMember = (member: LeaderboardEntry) =>
    confirm(
      { title: `¿Quitar a ${member.username ?? 'este miembro'}?`, body: 'Deja de ver la tabla de la liga. Sus puntos en Quinielazo no cambian.', action: 'Quitar' },
      () => removeLeagueMember(league.id, member.userId),
      () => {
        setNotice({ tone: 'success', text: `Quitaste a ${member.username ?? 'ese miembro'} de la liga.` });
        onReload();
      },
    );
  const handOver = (member: LeaderboardEntry) =>
    confirm(
      { title: `¿Ceder la liga a ${member.username ?? 'este miembro'}?`, body: 'Organizará la liga: podrá editarla, quitar miembros y eliminarla. Tú sigues como miembro.', action: 'Ceder liga' },
      () => transferLeague(league.id, member.userId),
      () => {
        setNotice({ tone: 'success', text: `Ahora ${member.username ?? 'ese miembro'} organiza la liga.` });
        onReload();
      },
    );

  return (
    <div className="flex flex-col gap-5">
      <header>
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
          Liga · {countOf(data.entries.length, 'miembro', 'miembros')}
        </p>
        <h1 className="text-2xl font-extrabold tracking-tight [overflow-wrap:anywhere]">{league.name}</h1>
        {league.prizeNote && <p className="mt-1 text-sm font-medium text-slate-700">🏆 Premio de la liga: {league.prizeNote}</p>}
      </header>
      {/* The shared note: "… 7:01 p.m." already ends in a dot (this page wrote a second one). */}
      {cachedAt !== null && <SavedCopyNote storedAt={cachedAt} what="de la liga" />}
      {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}

      {live && (
        <Suspense fallback={<div aria-hidden="true" className="h-96 rounded-2xl bg-white ring-1 ring-slate-200" />}>
          <LeagueLive live={live} entries={liveMonthEntries(data, live)} monthName={monthWord(gameMonthOf(new Date(live.round.deadline)))} userId={userId} />
        </Suspense>
      )}

      <Section title={tab === 'quiniela' ? 'Tabla de la quiniela' : `Tabla de ${monthPhrase(data.month)}`} id="league-table">
        {/* The round's table is one round's: the month picker is for the month's and Boost's. */}
        {tab !== 'quiniela' && data.months.length > 1 && <MonthSelect value={data.month} months={data.months} onChange={onMonthChange} />}
        {tab !== 'quiniela' && data.waiting && (
          <p role="status" className="rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900 ring-1 ring-brand-100">
            Aún nadie suma puntos en {monthWord(data.waiting)}: esta es la tabla final de {monthWord(data.month)}.
          </p>
        )}
        <div role="tablist" aria-label="Ver tabla por" className="grid grid-cols-3 gap-1 rounded-full bg-slate-200/70 p-1">
          {LEAGUE_TABS.map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={t === tab}
              onClick={() => onTabChange(t)}
              className={`min-h-11 rounded-full text-sm font-semibold transition ${t === tab ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
            >
              {TAB_LABELS[t]}
            </button>
          ))}
        </div>
        {/* On a phone the table runs to the card's edges: 32 px more for the names (issue 44). */}
        <div className="-mx-4 overflow-hidden border-y border-slate-200 sm:mx-0 sm:rounded-xl sm:border-0 sm:ring-1 sm:ring-slate-200">
          {tab === 'quiniela' ? (
            round ? (
              data.closed ? (
                <RoundTable standings={data.roundStandings} userId={userId} roundName={round.name} />
              ) : (
                // Before the deadline nobody has points: who has played, not a tie at 0 (issue 44, item 11).
                <WhoPlayed names={data.entries.map((e) => e.username ?? 'Anónimo')} missing={data.missing} roundName={round.name} />
              )
            ) : (
              <p className="px-4 py-6 text-center text-sm text-slate-600">No hay quiniela que mostrar todavía.</p>
            )
          ) : (
            <LeaderboardTable
              view={view}
              tab={tab === 'boost' ? 'boost' : 'total'}
              userId={userId}
              onOpen={setSelected}
              caption={`Tabla de la liga ${league.name}, ${monthPhrase(data.month)}, ${TAB_LABELS[tab]}`}
            />
          )}
        </div>
      </Section>

      {round && (
        <Section title={round.name} id="league-round" subtitle={data.closed ? 'Quiniela cerrada: las predicciones de todos' : `Cierra el ${formatDeadlineBeside(round.name, round.deadline)}`}>
          {onRoundChange && data.rounds.length > 0 && (
            <label className="flex flex-col gap-1 text-xs font-semibold text-slate-600">
              Quiniela
              <select
                value={round.id}
                onChange={(e) => onRoundChange(Number(e.target.value))}
                className="min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-sm font-normal text-slate-900"
              >
                {(data.rounds.some((r) => r.id === round.id) ? data.rounds : [{ id: round.id, name: round.name }, ...data.rounds]).map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          {data.closed ? (
            <RoundPicksGrid round={round} picks={data.picks} standings={data.roundStandings} userId={userId} />
          ) : (
            <MissingPicks key={`${round.id}|${data.remindedAt ?? ''}`} leagueId={league.id} roundId={round.id} deadline={round.deadline} missing={data.missing} isOwner={isOwner} remindedAt={data.remindedAt} />
          )}
        </Section>
      )}

      <LeagueChat leagueId={league.id} userId={userId} />

      <Section title="Invita a tu grupo" id="league-invite">
        <InviteButtons name={league.name} code={league.code} />
      </Section>

      <Section title="Miembros" id="league-members">
        <LeagueMembers
          members={data.entries}
          clubNames={data.clubNames}
          ownerId={league.ownerId}
          userId={userId}
          onRemove={isOwner ? removeMember : undefined}
          onHandOver={isOwner ? handOver : undefined}
        />
      </Section>

      {isOwner ? (
        <Section title="Administrar liga" id="league-manage">
          <OwnerPanel
            key={`${league.name}|${league.prizeNote ?? ''}`}
            leagueId={league.id}
            name={league.name}
            prizeNote={league.prizeNote}
            onSaved={onReload}
            onRenewCode={() =>
              confirm(
                { title: '¿Renovar el enlace?', body: 'El enlace de ahora deja de servir; los miembros siguen en la liga. Comparte el nuevo.', action: 'Renovar enlace' },
                () => renewLeagueCode(league.id).then(() => undefined),
                () => {
                  setNotice({ tone: 'success', text: 'Listo: la liga tiene un enlace nuevo.' });
                  onReload();
                },
              )
            }
            onDelete={() =>
              confirm(
                { title: `¿Eliminar «${league.name}»?`, body: 'La liga y su tabla desaparecen para todos. Los puntos de cada quien en Quinielazo no cambian.', action: 'Eliminar liga' },
                () => deleteLeague(league.id),
                toMyLeagues,
              )
            }
          />
        </Section>
      ) : (
        <button
          type="button"
          onClick={() =>
            confirm(
              { title: `¿Salir de «${league.name}»?`, body: 'Dejas de ver su tabla. Para volver necesitarás el enlace de invitación.', action: 'Salir de la liga' },
              () => leaveLeague(league.id),
              toMyLeagues,
            )
          }
          className="inline-flex min-h-11 items-center justify-center self-center rounded-full border border-red-300 px-5 text-sm font-semibold text-red-700 hover:bg-red-50"
        >
          Salir de la liga
        </button>
      )}

      <ConfirmDialog confirmation={confirmation} busy={sending} onClose={() => setConfirmation(null)} />
      <ScoreDetailDialog entry={selected} month={data.month} onClose={() => setSelected(null)} />
    </div>
  );
}

/**
 * The members' points of the live round's month: the table shown when it is that month; when the
 * page shows last month's final table because nobody has points in the new one yet, everyone at 0
 * in the new month; null when the page shows another month.
 */
function liveMonthEntries(data: LeagueData, live: LeagueLiveData): LeaderboardEntry[] | null {
  const month = gameMonthOf(new Date(live.round.deadline));
  if (compareMonths(month, data.month) === 0) return data.entries;
  if (data.waiting && compareMonths(month, data.waiting) === 0) return data.entries.map((e) => ({ ...e, totalPoints: 0, rankTotal: null }));
  return null;
}

function Section({ title, subtitle, id, children }: { title: string; subtitle?: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div>
        <h2 id={id} className="font-bold">
          {title}
        </h2>
        {subtitle && <p className="text-sm text-slate-600">{subtitle}</p>}
      </div>
      {children}
    </section>
  );
}

export function LeagueSkeleton() {
  return (
    <LoadingState label="Cargando la liga…" className="flex flex-col gap-5">
      <div className="h-16 w-2/3 animate-pulse rounded bg-slate-200" />
      <div className="h-80 animate-pulse rounded-2xl bg-white ring-1 ring-slate-200" />
      <div className="h-40 animate-pulse rounded-2xl bg-white ring-1 ring-slate-200" />
    </LoadingState>
  );
}

/** An open round in the liga: who has played it (complete picks) and who has not yet. */
function WhoPlayed({ names, missing, roundName }: { names: string[]; missing: string[]; roundName: string }) {
  const waiting = new Set(missing);
  const sorted = [...names].sort((a, b) => Number(waiting.has(a)) - Number(waiting.has(b)) || a.localeCompare(b));
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">Quién ya jugó {roundName}</caption>
      <thead className="bg-slate-50 text-[11px] font-semibold uppercase tracking-wide text-slate-500">
        <tr>
          <th scope="col" className="py-2 pl-3 text-left">
            Jugador
          </th>
          <th scope="col" className="py-2 pr-3 text-right">
            Sus predicciones
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {sorted.map((name) => (
          <tr key={name} className="bg-white">
            <td className="max-w-0 truncate py-2.5 pl-3">{name}</td>
            <td className={`py-2.5 pr-3 text-right text-xs font-semibold ${waiting.has(name) ? 'text-amber-800' : 'text-brand-800'}`}>{waiting.has(name) ? 'Aún no juega' : '✓ Ya jugó'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
