// The signed-in header's countdown to the open round's deadline (docs/product.md#countdowns): ticks on the
// minute, hours and minutes with the closing call under 24 h, gone after the deadline. While the
// deadline is read, an empty bar of the same height holds its place (no shift of the page below),
// and the banner stays on one line to keep that height.
import { useEffect, useState } from 'react';
import { useOnline } from '@/components/pwa/use-online';
import { AppLink } from '@/components/ui/app-link';
import { bannerCountdown, msToNextMinute } from '@/lib/countdown';
import { formatDeadline } from '@/lib/time';
import { getOpenDeadline } from './get-open-deadline';

export function CountdownBanner() {
  // undefined while it is read; null when no round is open (or the read failed).
  const [deadline, setDeadline] = useState<number | null | undefined>(undefined);
  const [now, setNow] = useState(() => Date.now());

  // Read again when the signal comes back: a read that failed offline left no banner until a reload.
  const online = useOnline();
  useEffect(() => {
    // Offline, what is shown stays (nothing read yet: no banner).
    const keepOrNone = (shown: number | null | undefined) => (shown === undefined ? null : shown);
    if (!online) {
      setDeadline(keepOrNone);
      return;
    }
    let current = true;
    getOpenDeadline()
      .then((value) => current && setDeadline(value ? new Date(value).getTime() : null))
      .catch((error: unknown) => {
        console.warn('No se pudo leer la quiniela abierta', error);
        if (current) setDeadline(keepOrNone);
      });
    return () => {
      current = false;
    };
  }, [online]);

  useEffect(() => {
    if (deadline == null) return;
    const left = deadline - now;
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), msToNextMinute(left) + 50);
    return () => clearTimeout(timer);
  }, [deadline, now]);

  const countdown = deadline == null ? null : bannerCountdown(deadline - now);
  // Said to a screen reader once, when the deadline is known, in words that do not change every
  // minute; the ticking text is not a live region (issue 32). The region is in the page before
  // its words, so they are announced.
  const announcement = (
    <p role="status" className="sr-only">
      {countdown && deadline ? `La quiniela de la semana cierra el ${formatDeadline(new Date(deadline))}.` : ''}
    </p>
  );
  if (deadline === undefined) {
    return (
      <>
        {announcement}
        <div aria-hidden="true" className="bg-brand-900 px-4 py-1.5 text-xs sm:text-sm">
          &nbsp;
        </div>
      </>
    );
  }
  if (!countdown) return announcement;

  return (
    <>
      {announcement}
      <AppLink
        to="/picks?quiniela=current"
        className={`block truncate px-4 py-1.5 text-center text-xs font-semibold sm:text-sm ${
          countdown.closingSoon ? 'bg-gold-400 text-slate-900 hover:bg-amber-300' : 'bg-brand-900 text-brand-50 hover:bg-brand-800'
        }`}
      >
        <span aria-hidden="true">⏱ </span>
        {countdown.text}
        {/* One line on every phone, as tall as the bar that held its place: wrapped on a narrow one
            (under 420 px), the banner pushed the page down as it arrived. */}
        {countdown.closingSoon ? null : <span className="hidden underline underline-offset-2 min-[420px]:inline"> · Haz tus predicciones</span>}
      </AppLink>
    </>
  );
}
