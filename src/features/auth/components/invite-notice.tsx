import { useHydrated } from '@/components/ui/use-hydrated';

/** What signing up or in from a liga's invitation also does. Last on the screen (AuthCard's
 * `notice`), and only once the app runs: the prerendered /signup and /login have no invitation,
 * so drawn during hydration it would not match them, and drawn above the form or its links it
 * would move them. */
export function InviteNotice({ text }: { text?: string }) {
  const hydrated = useHydrated();
  if (!text || !hydrated) return null;
  return <p className="mt-4 rounded-xl bg-brand-50 px-3 py-2 text-center text-sm font-medium text-brand-900">{text}</p>;
}
