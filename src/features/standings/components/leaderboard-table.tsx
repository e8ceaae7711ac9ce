import {
  displayUsername,
  rankChange,
  rankChangeLabel,
  rankChangeText,
  TAB_LABELS,
  tabPlace,
  type LeaderboardEntry,
  type LeaderboardTab,
  type LeaderboardView,
} from '../leaderboard-rows';
import { rankText } from '@/lib/words';

interface LeaderboardTableProps {
  view: LeaderboardView;
  tab: LeaderboardTab;
  userId: string | null;
  onOpen: (entry: LeaderboardEntry) => void;
  caption: string;
}

// Each column is headed by its tab's own name ("Quinielazo", not "Quini": issue 32).
const COLUMNS: LeaderboardTab[] = ['boost', 'quinielazo', 'total'];

export function LeaderboardTable({ view, tab, userId, onOpen, caption }: LeaderboardTableProps) {
  return (
    <table className="w-full table-fixed border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      {/* The figures' columns as narrow as their headings and three digits allow: the rest is the
          name's (issue 44: "Ana…", "Gera_D…" in a liga's table at 390 px). */}
      <colgroup>
        <col className="w-12" />
        <col />
        <col className="w-10" />
        <col className="w-18" />
        <col className="w-10" />
      </colgroup>
      <thead className="bg-slate-50 text-[11px] font-semibold text-slate-500">
        <tr>
          <th scope="col" className="py-2 pl-2 text-left">
            Pos.
          </th>
          <th scope="col" className="py-2 pl-1 text-left">
            Jugador
          </th>
          {COLUMNS.map((c) => (
            <th key={c} scope="col" className={`py-2 pr-2 text-right ${c === tab ? 'text-brand-700' : ''}`}>
              {TAB_LABELS[c]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {view.top.map((entry, index) =>
          entry ? (
            <EntryRow key={entry.userId} entry={entry} tab={tab} own={entry.userId === userId} onOpen={onOpen} />
          ) : (
            <PlaceholderRow key={`empty-${index}`} position={index + 1} />
          ),
        )}
      </tbody>
      {view.own && (
        <tbody aria-label="Tu posición">
          <tr aria-hidden="true">
            <td colSpan={5} className="px-3 pt-3 pb-1">
              <div className="flex items-center gap-2 text-[11px] font-semibold uppercase tracking-wide text-slate-500">
                <span className="h-px flex-1 bg-slate-300" />
                Tu posición
                <span className="h-px flex-1 bg-slate-300" />
              </div>
            </td>
          </tr>
          <EntryRow entry={view.own} tab={tab} own onOpen={onOpen} />
        </tbody>
      )}
    </table>
  );
}

function EntryRow({ entry, tab, own, onOpen }: { entry: LeaderboardEntry; tab: LeaderboardTab; own: boolean; onOpen: (e: LeaderboardEntry) => void }) {
  const name = displayUsername(entry.username);
  // No points in this ranking, no place in it: no rank, no medal (issue 32) and no movement arrow
  // (issue 44: "–" beside "▲5"). A liga's rows carry the database's rule (a null rank); the global
  // ranking's rank every row, so its points say it (tabPlace).
  const rank = tabPlace(entry, tab);
  const ranked = rank !== null;
  const change = entry.rankTotal === null ? null : rankChange(entry.rankTotal, entry.previousRank);
  const podium = ranked && rank <= 3 ? ['bg-gold-400 text-slate-900', 'bg-slate-300 text-slate-800', 'bg-amber-700 text-white'][rank - 1] : '';
  return (
    <tr
      onClick={() => onOpen(entry)}
      data-own={own || undefined}
      className={`cursor-pointer transition-colors hover:bg-brand-50/70 ${own ? 'bg-brand-50 font-semibold' : 'bg-white'}`}
    >
      <td className="py-2.5 pl-2 align-middle">
        <div className="flex flex-col items-start gap-0.5">
          {ranked ? (
            <span data-rank className={`grid min-w-6 place-items-center rounded-full px-1 text-xs font-bold tabular-nums ${podium || 'text-slate-700'}`}>
              {rankText(rank)}
            </span>
          ) : (
            <span className="grid min-w-6 place-items-center text-xs text-slate-400">
              <span aria-hidden="true">–</span>
              <span className="sr-only">Sin posición</span>
            </span>
          )}
          {ranked && change && <RankChangeMarker change={change} />}
        </div>
      </td>
      {/* The rest of the row's width, and no more: a one-line name is cut here, not the table widened. */}
      <td className="w-full max-w-0 py-1 pl-1 align-middle">
        <div className="flex min-w-0 items-center gap-1.5">
          {entry.clubLogoUrl ? (
            <img src={entry.clubLogoUrl} alt="" width={24} height={24} loading="lazy" className="size-6 shrink-0 object-contain" />
          ) : (
            <span aria-hidden="true" className="size-6 shrink-0 rounded-full bg-slate-200" />
          )}
          <div className="min-w-0">
            {/* The row is clickable anywhere; this button is its keyboard and screen-reader handle. */}
            <button
              type="button"
              onClick={(event) => {
                event.stopPropagation();
                onOpen(entry);
              }}
              title={entry.username ?? undefined}
              // A finger-sized target (44 px tall, WCAG 2.5.5), not the text's 20 px.
              className="flex min-h-11 max-w-full flex-col items-start justify-center text-left font-semibold text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              {/* One line with an ellipsis, never broken mid-word ("CharlyRayad / o", issue 44,
                  item 12); the whole name is the score detail's title, a tap away. "(tú)" goes
                  under it, inside the same 44 px, so it takes no room from the name. */}
              <span data-name className="block max-w-full truncate">{name}</span>
              {own && <span className="text-[11px] leading-3 font-normal text-brand-700">(tú)</span>}
            </button>
            {entry.referralPoints > 0 && <p className="-mt-2 truncate text-[11px] font-medium text-brand-700">🎯 +3 pts por referir</p>}
          </div>
        </div>
      </td>
      <Points value={entry.dailyPoints} active={tab === 'boost'} />
      <Points value={entry.weeklyPoints} active={tab === 'quinielazo'} />
      <Points value={entry.totalPoints} active={tab === 'total'} />
    </tr>
  );
}

function Points({ value, active }: { value: number; active: boolean }) {
  return <td className={`py-2.5 pr-2 text-right align-middle tabular-nums ${active ? 'font-bold text-brand-800' : 'text-slate-600'}`}>{value}</td>;
}

function PlaceholderRow({ position }: { position: number }) {
  return (
    <tr className="bg-white text-slate-500">
      <td className="py-2.5 pl-2 text-xs font-bold tabular-nums">{position}</td>
      <td className="py-2.5 pl-1">
        <div className="flex items-center gap-2">
          <span aria-hidden="true" className="size-6 shrink-0 rounded-full bg-slate-100" />
          <span className="sr-only">Lugar disponible</span>
          <span aria-hidden="true" className="h-3 w-24 rounded bg-slate-100" />
        </div>
      </td>
      <td className="py-2.5 pr-2 text-right">–</td>
      <td className="py-2.5 pr-2 text-right">–</td>
      <td className="py-2.5 pr-2 text-right">–</td>
    </tr>
  );
}

function RankChangeMarker({ change }: { change: ReturnType<typeof rankChange> }) {
  const text = rankChangeText(change);
  const label = rankChangeLabel(change);
  if (change.kind === 'new') {
    return (
      <span title={label} className="rounded bg-sky-100 px-1 text-[9px] font-bold uppercase leading-4 text-sky-800">
        <span aria-hidden="true">{text}</span>
        <span className="sr-only">{label}</span>
      </span>
    );
  }
  const colour = change.kind === 'up' ? 'text-green-700' : change.kind === 'down' ? 'text-red-700' : 'text-slate-500';
  return (
    <span title={label} className={`text-[10px] font-bold leading-4 tabular-nums ${colour}`}>
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
