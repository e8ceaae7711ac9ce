import { useCallback, useEffect, useState } from 'react';
import { NOTICE_MS } from '../rules';

export interface Notice {
  tone: 'success' | 'error';
  text: string;
}

/** An outcome message: a success goes away after 4 s (spec: save confirmation 4 s), an error stays until the next outcome. */
export function useNotice(): [Notice | null, (tone: Notice['tone'], text: string) => void, () => void] {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (notice?.tone !== 'success') return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  const show = useCallback((tone: Notice['tone'], text: string) => setNotice({ tone, text }), []);
  const clear = useCallback(() => setNotice(null), []);
  return [notice, show, clear];
}
