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
