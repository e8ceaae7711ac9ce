// A data screen's first render on a phone, made interruptible. The router hands a screen its data
// through a store, and React renders a store's update in one synchronous pass: the whole screen
// in one task (on /inicio 30–35 ms here, 4× that on a phone) that holds back any tap. Here the
// first render shows the screen's skeleton (already on screen while it loaded, so nothing moves)
// and the screen follows in a transition, which React renders in slices of a few milliseconds.
import { startTransition, useEffect, useState, type ReactNode } from 'react';

export function RenderInSlices({ skeleton, children }: { skeleton: ReactNode; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : skeleton;
}
