// Whether a deadline is still ahead, flipping on its own when it passes: the picks, Boost and Pro
// screens lock their controls with it.
import { useEffect, useState } from 'react';

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
