import { useCallback, useEffect, useState } from 'react';
import { listRounds, type AdminRound } from '../api/list-rounds';

/** The rounds for a selector; `error` is 'Error cargando quinielas.' (docs/product.md#messages). */
export function useRounds() {
  const [rounds, setRounds] = useState<AdminRound[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    listRounds()
      .then((r) => {
        setRounds(r);
        setError(null);
      })
      .catch((e) => {
        console.error(e);
        setError('Error cargando quinielas.');
      });
  }, []);
  useEffect(reload, [reload]);
  return { rounds, error, reload };
}
