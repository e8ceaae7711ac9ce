// The liga's members with their club (crest and name, as the rest of the app shows a club); for
// the owner, hand over and remove on each member.
import { displayUsername, type LeaderboardEntry } from '@/features/standings';

export function LeagueMembers({
  members,
  clubNames,
  ownerId,
  userId,
  onRemove,
  onHandOver,
}: {
  members: LeaderboardEntry[];
  clubNames: Record<number, string>;
  ownerId: string;
  userId: string;
  onRemove?: (member: LeaderboardEntry) => void;
  onHandOver?: (member: LeaderboardEntry) => void;
}) {
  const sorted = [...members].sort((a, b) => Number(b.userId === ownerId) - Number(a.userId === ownerId) || (a.username ?? '').localeCompare(b.username ?? '', 'es'));
  return (
    <ul aria-label="Miembros" className="divide-y divide-slate-100">
      {sorted.map((member) => {
        const name = displayUsername(member.username, 20);
        const club = member.clubId === null ? null : (clubNames[member.clubId] ?? null);
        const details = [member.userId === ownerId ? 'Organiza la liga' : null, club].filter(Boolean).join(' · ');
        return (
          <li key={member.userId} className="flex min-h-14 items-center gap-3 py-2">
            {member.clubLogoUrl ? (
              <img src={member.clubLogoUrl} alt="" width={28} height={28} loading="lazy" className="size-7 shrink-0 object-contain" />
            ) : (
              <span aria-hidden="true" className="size-7 shrink-0 rounded-full bg-slate-200" />
            )}
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold">
                {name}
                {member.userId === userId && <span className="ml-1 text-xs font-normal text-brand-700">(tú)</span>}
              </span>
              {details && <span className="block truncate text-xs text-slate-500">{details}</span>}
            </span>
            {member.userId !== ownerId && onHandOver && (
              <button type="button" onClick={() => onHandOver(member)} aria-label={`Ceder la liga a ${name}`} className="min-h-11 rounded-full px-3 text-xs font-semibold text-brand-700 hover:bg-brand-50">
                Ceder
              </button>
            )}
            {member.userId !== ownerId && onRemove && (
              <button type="button" onClick={() => onRemove(member)} aria-label={`Quitar a ${name}`} className="min-h-11 rounded-full px-3 text-xs font-semibold text-red-700 hover:bg-red-50">
                Quitar
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
