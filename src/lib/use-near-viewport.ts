// Below-the-fold widgets that read or connect (the round chat) start when the reader comes near
// them rather than during the page's first load, which a phone spends on what is on screen.
import { useEffect, useState, type RefObject } from 'react';

/** True from the first time `ref`'s element comes within `margin` of the viewport (it stays true). */
export function useNearViewport(ref: RefObject<Element | null>, margin = '100% 0px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = ref.current;
    if (near) return;
    if (!target || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setNear(true), { rootMargin: margin });
    observer.observe(target);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
