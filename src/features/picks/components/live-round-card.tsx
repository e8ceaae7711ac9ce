// A round being played, as /inicio and a liga's page show it (docs/match-day.md): the score and the
// minute or status of each match, his pick turning provisionally right or wrong, "Si terminara
// así" and his place in the round. The scores come from the same hook as the picks screen's
// (useLiveScores: read on subscribing, then the round's broadcasts); `children` adds what a page
// builds on the same scores (a liga's table as it would stand) without a second subscription.
import { useMemo, type ReactNode } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { ClubCrest } from '@/components/ui/club-crest';
import { rulesFor } from '@/lib/game/game-rules';
import { isVoid, teamName, type MatchSide, type RoundMatch, type RoundWithMatches } from '@/lib/game/rounds';
import { formatKickoff } from '@/lib/time';
import { useLiveScores, type LiveRound } from '../api/live-scores';
import { FEED_PAUSED, ifItEndedNow, resultAsItStands, withVoids, type LiveScore } from '../model/live';
import { voidLine } from '../model/void-words';
import { IfItEnded, LiveScoreLine, LiveVerdict } from './live-parts';

export interface LiveRoundCardProps {
  round: RoundWithMatches;
  /** His picks by match id. */
  myPicks: Record<number, MatchSide>;
  /** The same scores, and the round's matches with any void heard of since the page loaded. */
  children?: (live: LiveRound, matches: RoundMatch[]) => ReactNode;
}

export function LiveRoundCard({ round, myPicks, children }: LiveRoundCardProps) {
  const live = useLiveScores(round.id, true);
  // A match made void while the page is open counts from the round's message on.
  const matches = useMemo(() => withVoids(round.matches, live.voidedAt, live.results), [round.matches, live.voidedAt, live.results]);
  const ifEnded = useMemo(
    () => ifItEndedNow(matches, myPicks, live.byMatch, live.standings, rulesFor(round.deadline), round.isLastOfMonth),
    [round, matches, myPicks, live.byMatch, live.standings],
  );
  return (
    // Named apart from the page's own section about the same round (a liga's "Jornada").
    <section aria-label={`En vivo: ${round.name}`} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="flex items-center gap-2 bg-brand-800 px-4 py-3 text-white">
        {/* Paused, nothing is live: the badge says so rather than a red "en vivo" over a still score. */}
        {live.paused ? (
          <span className="shrink-0 rounded-full bg-amber-300 px-2 py-0.5 text-[11px] font-bold uppercase tracking-wide text-amber-950">❚❚ {FEED_PAUSED.chip}</span>
        ) : (
          <span className="shrink-0 rounded-full bg-red-600 px-2 py-0.5 text-[11px] font-bold uppercase tracking-wide">● En vivo</span>
        )}
        <h2 className="min-w-0 flex-1 font-bold leading-tight [overflow-wrap:anywhere]">{round.name}</h2>
        <AppLink to={`/quinielazo-de-la-semana?quiniela=${round.id}`} className="inline-flex min-h-11 shrink-0 items-center text-sm font-semibold text-brand-50 underline-offset-2 hover:underline">
          Ver jornada
        </AppLink>
      </header>
      <IfItEnded ifEnded={ifEnded} paused={live.paused} />
      <ol aria-label={`Partidos de ${round.name}`} className="divide-y divide-slate-100">
        {matches.map((match) => (
          <LiveMatchRow key={match.id} match={match} live={live.byMatch[match.id]} paused={live.paused} pick={myPicks[match.id] ?? null} />
        ))}
      </ol>
      {children?.(live, matches)}
    </section>
  );
}

/** One match in a line: the clubs, then the score and minute beside his pick and how it goes. */
function LiveMatchRow({ match, live, paused, pick }: { match: RoundMatch; live: LiveScore | undefined; paused: boolean; pick: MatchSide | null }) {
  const home = teamName(match.homeClub, match.homeTeam);
  const away = teamName(match.awayClub, match.awayTeam);
  const standing = resultAsItStands(match, live);
  // Stopped or void, in the match card's own words; a void match counts for his pick, whatever it was.
  const stoppedWords = voidLine(match, live);
  const voided = isVoid(match);
  return (
    <li>
      <div role="group" aria-label={`${home} contra ${away}`} className="flex flex-col gap-1 px-4 py-2.5">
        <div className="flex items-center gap-2 text-sm">
          <span className="flex min-w-0 flex-1 items-center justify-end gap-1.5 text-right">
            <span className="truncate font-medium">{home}</span>
            <ClubCrest name={home} logoUrl={match.homeClub?.logoUrl} size={22} />
          </span>
          <span className="text-[11px] font-bold text-slate-500">VS</span>
          <span className="flex min-w-0 flex-1 items-center gap-1.5">
            <ClubCrest name={away} logoUrl={match.awayClub?.logoUrl} size={22} />
            <span className="truncate font-medium">{away}</span>
          </span>
        </div>
        <div className="flex min-h-6 items-start justify-between gap-3">
          <div className="shrink-0">
            {live ? (
              <LiveScoreLine live={live} paused={paused} className="justify-start" />
            ) : match.correctResult ? (
              <p className="whitespace-nowrap text-xs font-semibold text-slate-700">Resultado: {match.correctResult}</p>
            ) : (
              <p className="text-xs text-slate-600">{match.kickoffAt ? formatKickoff(match.kickoffAt) : 'Por empezar'}</p>
            )}
          </div>
          <div className="flex min-w-0 flex-col items-end text-right text-xs">
            {pick ? (
              <span className="text-slate-700">
                Tu predicción: <strong>{pick}</strong>
              </span>
            ) : (
              <span className="text-slate-600">Sin predicción</span>
            )}
            {pick && voided && <p className="text-xs font-bold text-brand-800">✓ Cuenta como acierto</p>}
            {pick && !voided && standing && <LiveVerdict standing={standing} pick={pick} />}
          </div>
        </div>
        {stoppedWords && (
          <p data-testid="void-line" className="rounded-lg bg-amber-50 px-3 py-1.5 text-xs font-semibold text-amber-900">
            {stoppedWords}
          </p>
        )}
      </div>
    </li>
  );
}
