// A club's crest at a given size, or its initials when there is no crest.
export function ClubCrest({ name, logoUrl, size = 28 }: { name: string; logoUrl: string | null | undefined; size?: number }) {
  if (logoUrl) {
    return (
      <img src={logoUrl} alt={name} width={size} height={size} loading="lazy" className="shrink-0 object-contain" style={{ width: size, height: size }} />
    );
  }
  const initials = name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <span
      aria-hidden="true"
      className="grid shrink-0 place-items-center rounded-full bg-slate-200 text-[10px] font-bold text-slate-600"
      style={{ width: size, height: size }}
    >
      {initials || '·'}
    </span>
  );
}
