// Each screen names itself in the browser tab and history ("Blog · Quinielazo"); the previous
// title comes back when the screen leaves, so a screen without its own title keeps the app's.
import { useEffect } from 'react';
import { BRAND } from '@/lib/brand';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${BRAND.name}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
