// A round's bonus lines as the scoring writes them ("Racha 2 semanas: +5"): label and points.

/** Names scores stored before the game's words were settled still carry (issue 44, item 13),
 * said as the scoring says them now. Rewriting those rows would touch every score's updated_at,
 * which "Tus puntos ya están" reads. */
const RENAMED: Record<string, string> = { Underdog: 'Sorpresa', 'Pick especial': 'Partido especial' };

export function splitBonusLine(line: string): { label: string; points: string | null } {
  const match = /^(.*?):\s*(\+\d+)\s*$/.exec(line);
  const label = match ? match[1]! : line;
  return { label: RENAMED[label] ?? label, points: match ? match[2]! : null };
}

export function BonusLines({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <ul aria-label="Bonos" className="mt-1.5 flex flex-col gap-0.5 border-t border-slate-200 pt-1.5">
      {lines.map((line, i) => {
        const { label, points } = splitBonusLine(line);
        return (
          <li key={i} className="flex justify-between gap-3 text-xs text-slate-600">
            <span>{label}</span>
            {points && <span className="font-semibold text-brand-700 tabular-nums">{points}</span>}
          </li>
        );
      })}
    </ul>
  );
}
