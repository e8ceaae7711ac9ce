// The "Quiniela" view of the liga's table: this round's points and hits within the liga. Members
// who made no picks in the round (who joined after it, or skipped it) have no place in it: they
// are named apart below the table, not ranked at 0 (issue 44; docs/decisions/ligas.md).
import type { RoundStanding } from "../api/get-league-round-standings";
import { rankText } from "@/lib/words";

export function RoundTable({
  standings,
  userId,
  roundName,
}: {
  standings: RoundStanding[];
  userId: string;
  roundName: string;
}) {
  const played = standings.filter((s) => s.rank !== null);
  const absent = standings.filter((s) => s.rank === null);
  return (
    <>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Tabla de la liga en {roundName}</caption>
        <thead className="bg-slate-50 text-[11px] font-semibold uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="w-12 py-2 pl-3 text-left">
              Pos.
            </th>
            <th scope="col" className="py-2 pl-1 text-left">
              Jugador
            </th>
            <th scope="col" className="w-16 py-2 pr-2 text-right">
              Aciertos
            </th>
            <th scope="col" className="w-12 py-2 pr-3 text-right">
              Pts
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {played.map((s) => (
            <tr
              key={s.userId}
              className={
                s.userId === userId ? "bg-brand-50 font-semibold" : "bg-white"
              }
            >
              <td className="py-2.5 pl-3 text-xs font-bold tabular-nums">
                {s.rank !== null && rankText(s.rank)}
              </td>
              <td className="py-2.5 pl-1">
                <div className="flex min-w-0 items-center gap-2">
                  {s.clubLogoUrl ? (
                    <img
                      src={s.clubLogoUrl}
                      alt=""
                      width={24}
                      height={24}
                      loading="lazy"
                      className="size-6 shrink-0 object-contain"
                    />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="size-6 shrink-0 rounded-full bg-slate-200"
                    />
                  )}
                  <span className="truncate">{s.username}</span>
                </div>
              </td>
              <td className="py-2.5 pr-2 text-right tabular-nums text-slate-600">
                {s.correct}
              </td>
              <td className="py-2.5 pr-3 text-right font-bold tabular-nums text-brand-800">
                {s.points}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {absent.length > 0 && (
        <p className="border-t border-slate-100 bg-slate-50 px-3 py-2 text-xs text-slate-600">
          Sin predicciones en esta quiniela:{" "}
          {absent
            .map((s) =>
              s.userId === userId ? `${s.username} (tú)` : s.username,
            )
            .join(", ")}
          .
        </p>
      )}
    </>
  );
}
