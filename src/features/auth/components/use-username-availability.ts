import { useEffect, useState } from 'react';
import { checkUsernameAvailable } from '../api/check-username';
import { USERNAME_MIN } from '../validation';

export type AvailabilityState = 'idle' | 'checking' | 'available' | 'taken' | 'unknown';

/** Asks whether a username is free once the player stops typing for 500 ms (spec §5). */
export function useUsernameAvailability(username: string): AvailabilityState {
  const [result, setResult] = useState<{ name: string; state: AvailabilityState }>({ name: '', state: 'idle' });
  const name = username.trim();

  useEffect(() => {
    if (name.length < USERNAME_MIN) return;
    let current = true;
    const timer = setTimeout(() => {
      checkUsernameAvailable(name)
        .then((free) => current && setResult({ name, state: free ? 'available' : 'taken' }))
        .catch(() => current && setResult({ name, state: 'unknown' }));
    }, 500);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [name]);

  if (name.length < USERNAME_MIN) return 'idle';
  return result.name === name ? result.state : 'checking';
}
