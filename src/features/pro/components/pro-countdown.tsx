// The Pro page's countdown: every second, 'Cerrado' at zero (spec §4, §9).
import { useEffect, useState } from 'react';
import { formatCountdown } from '@/lib/countdown';
import { useBeforeDeadline } from '@/lib/use-before-deadline';

const PRO_CLOSED = 'Cerrado';

export function ProCountdown({ deadline }: { deadline: string }) {
  const target = new Date(deadline).getTime();
  const [now, setNow] = useState(() => Date.now());
  const running = now < target;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const left = target - now;
  return (
    <p className="text-sm font-semibold tabular-nums" aria-live="off">
      {left >= 1000 ? `Cierra en ${formatCountdown(left, { seconds: true })}` : PRO_CLOSED}
    </p>
  );
}

/** Open for Pro picks: before the deadline and results not saved. */
export function useRoundOpen(deadline: string, resultsSaved: boolean): boolean {
  return useBeforeDeadline(deadline) && !resultsSaved;
}
