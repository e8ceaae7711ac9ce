import { useHydrated } from '@/components/ui/use-hydrated';

/** What signing up or in from a liga's invitation also does. Under the form's button, and only
 * once the app runs: the prerendered /signup and /login have no invitation, so drawn during
 * hydration it would not match them, and drawn above the form it would move it. */
export function InviteNotice({ text }: { text?: string }) {
  const hydrated = useHydrated();
  if (!text || !hydrated) return null;
  return <p className="rounded-xl bg-brand-50 px-3 py-2 text-center text-sm font-medium text-brand-900">{text}</p>;
}
