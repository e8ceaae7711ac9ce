// A form's send, one at a time. A second tap while the first is on its way does nothing, even a
// tap in the same instant: a `sending` state alone is only seen after React re-renders, so both
// taps would pass it and the second would come back as "already done" over the first's success.
import { useCallback, useRef, useState } from 'react';

export function useSending(): { sending: boolean; send: <T>(work: () => Promise<T>) => Promise<T | undefined> } {
  const onTheWay = useRef(false);
  const [sending, setSending] = useState(false);
  const send = useCallback(async <T,>(work: () => Promise<T>): Promise<T | undefined> => {
    if (onTheWay.current) return undefined;
    onTheWay.current = true;
    setSending(true);
    try {
      return await work();
    } finally {
      onTheWay.current = false;
      setSending(false);
    }
  }, []);
  return { sending, send };
}
