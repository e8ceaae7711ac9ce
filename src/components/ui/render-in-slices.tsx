// A data screen's first render on a phone, made interruptible. The router hands a screen its data
// through a store, and React renders a store's update in one synchronous pass: the whole screen
// in one task (on /inicio 30–35 ms here, 4× that on a phone) that holds back any tap. Here the
// first render shows the screen's skeleton and the screen follows in a transition, which React
// renders in slices of a few milliseconds. Only for a skeleton that holds the screen's place on a
// phone: when the data comes before the router showed it, the skeleton is drawn for a frame, and
// one shorter than the screen would move the page (on /picks that was a layout shift of 0.2).
import { startTransition, useEffect, useState, type ReactNode } from 'react';

export function RenderInSlices({ skeleton, children }: { skeleton: ReactNode; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : skeleton;
}

/** False in a screen's first commit, true a task later. A transition slices React's render, but
 * its commit, and the browser's style and layout after it, is one task: what is below the fold
 * comes in a second one, so the first lays out only what is on screen. Nothing on screen moves:
 * the later part is below the fold, and so is the footer (the page's `main` is a screen tall). */
export function useBelowTheFold(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setShown(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  return shown;
}
