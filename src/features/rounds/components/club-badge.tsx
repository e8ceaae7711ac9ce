import type { RoundClub } from '../api/get-open-round';

/** A club's crest, or its initials when the club has no crest. */
export function ClubBadge({ club, fallbackName }: { club: RoundClub | null; fallbackName: string }) {
  const name = club?.name ?? fallbackName;
  if (club?.logoUrl) {
    return <img src={club.logoUrl} alt={name} width={32} height={32} loading="lazy" className="size-8 shrink-0 object-contain" />;
  }
  const initials = name
    .split(/\s+/)
    .map((word) => word[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center rounded-full bg-slate-200 text-xs font-bold text-slate-600">
      {initials}
    </span>
  );
}
