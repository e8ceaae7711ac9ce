import { useEffect, useState } from 'react';
import { checkUsername, type UsernameVerdict } from '@/lib/check-username';
import { AVAILABILITY_DEBOUNCE_MS, usernameToCheck } from '../rules';

export type AvailabilityState = 'idle' | 'checking' | 'unknown' | UsernameVerdict;

/** Asks the database about the edited name once the player stops typing (docs/product.md#settings); skipped when unchanged, empty or refused on the device. */
export function useUsernameAvailability(savedUsername: string, draftUsername: string): AvailabilityState {
  const [result, setResult] = useState<{ name: string; state: AvailabilityState }>({ name: '', state: 'idle' });
  const name = usernameToCheck(savedUsername, draftUsername);

  useEffect(() => {
    if (name === null) return;
    let current = true;
    const timer = setTimeout(() => {
      checkUsername(name)
        .then((verdict) => current && setResult({ name, state: verdict }))
        .catch(() => current && setResult({ name, state: 'unknown' }));
    }, AVAILABILITY_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [name]);

  if (name === null) return 'idle';
  return result.name === name ? result.state : 'checking';
}
