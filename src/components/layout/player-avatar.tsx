import type { PlayerProfile } from '@/lib/session';

/** The player's initial in a circle, with his favourite club's crest as a small badge. */
export function PlayerAvatar({ profile, size = 'md' }: { profile: PlayerProfile | null; size?: 'md' | 'lg' }) {
  const initial = profile?.username.trim()[0]?.toUpperCase() ?? '·';
  const box = size === 'lg' ? 'size-12 text-lg' : 'size-9 text-sm';
  const club = profile?.favoriteClub;
  return (
    <span className={`relative inline-grid shrink-0 place-items-center rounded-full bg-brand-100 font-extrabold text-brand-900 ring-2 ring-white/70 ${box}`} aria-hidden="true">
      {initial}
      {club ? (
        club.logoUrl ? (
          <img src={club.logoUrl} alt="" width={16} height={16} className="absolute -bottom-1 -right-1 size-4 rounded-full bg-white object-contain p-px shadow" />
        ) : (
          <span className="absolute -bottom-1 -right-1 grid size-4 place-items-center rounded-full bg-white text-[8px] font-bold text-slate-700 shadow">
            {club.name.slice(0, 2).toUpperCase()}
          </span>
        )
      ) : null}
    </span>
  );
}
