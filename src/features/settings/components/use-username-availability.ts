import { useEffect, useState } from 'react';
import { checkUsernameAvailable } from '../api/check-username';
import { AVAILABILITY_DEBOUNCE_MS, usernameToCheck } from '../rules';

export type AvailabilityState = 'idle' | 'checking' | 'available' | 'taken' | 'unknown';

/** Asks whether the edited name is free once the player stops typing (spec §5); skipped when unchanged, empty or too short. */
export function useUsernameAvailability(savedUsername: string, draftUsername: string): AvailabilityState {
  const [result, setResult] = useState<{ name: string; state: AvailabilityState }>({ name: '', state: 'idle' });
  const name = usernameToCheck(savedUsername, draftUsername);

  useEffect(() => {
    if (name === null) return;
    let current = true;
    const timer = setTimeout(() => {
      checkUsernameAvailable(name)
        .then((free) => current && setResult({ name, state: free ? 'available' : 'taken' }))
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
