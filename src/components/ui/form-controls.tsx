// The controls of a form on a prerendered page (/login, /signup, /contactanos) stay disabled
// until the app has hydrated them: typed text or a click before then would be lost (React's
// state starts empty) or send the form the browser's way. `contents` keeps the form's layout.
import type { ReactNode } from 'react';
import { useHydrated } from './use-hydrated';

export function FormControls({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  );
}
