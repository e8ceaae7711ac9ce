import { useEffect, useState } from 'react';
import { checkUsername, type UsernameVerdict } from '@/lib/check-username';
import { normalizeUsername, usernameProblem } from '@/lib/username';

export type AvailabilityState = 'idle' | 'checking' | 'unknown' | UsernameVerdict;

/**
 * Asks the database about a username once the player stops typing for 500 ms (docs/product.md#validation): free,
 * taken, or refused by the rule. Names the rule already refuses on the device are not asked.
 */
export function useUsernameAvailability(username: string): AvailabilityState {
  const [result, setResult] = useState<{ name: string; state: AvailabilityState }>({ name: '', state: 'idle' });
  const name = normalizeUsername(username);
  const refusedHere = usernameProblem(name) !== null;

  useEffect(() => {
    if (refusedHere) return;
    let current = true;
    const timer = setTimeout(() => {
      checkUsername(name)
        .then((verdict) => current && setResult({ name, state: verdict }))
        .catch(() => current && setResult({ name, state: 'unknown' }));
    }, 500);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [name, refusedHere]);

  if (refusedHere) return 'idle';
  return result.name === name ? result.state : 'checking';
}
