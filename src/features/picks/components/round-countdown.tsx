import { useEffect, useState } from 'react';
import { formatCountdown } from '@/lib/countdown';

/** Days, hours, minutes and seconds to the deadline, every second; 'Tiempo agotado' at zero. */
export function RoundCountdown({ deadline }: { deadline: string }) {
  const target = new Date(deadline).getTime();
  const [now, setNow] = useState(() => Date.now());
  const ahead = target > now;
  useEffect(() => {
    if (!ahead) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [target, ahead]);
  return (
    <p className="text-sm font-semibold tabular-nums" aria-live="off">
      {target > now ? `Cierra en ${formatCountdown(target - now, { seconds: true })}` : formatCountdown(0, { seconds: true })}
    </p>
  );
}

/** Whether the deadline is still ahead; flips on its own when the deadline passes. */
export function useBeforeDeadline(deadline: string): boolean {
  const target = new Date(deadline).getTime();
  const [before, setBefore] = useState(() => Date.now() < target);
  useEffect(() => {
    const left = target - Date.now();
    setBefore(left > 0);
    if (left <= 0) return;
    // setTimeout's ceiling is ~24.8 days; a round further out re-arms on the next render.
    const timer = setTimeout(() => setBefore(false), Math.min(left, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [target]);
  return before;
}
