import { AppLink } from '@/components/ui/app-link';
import { BRAND } from '@/lib/brand';

/** The brand mark; its accessible name is the product's name. A PNG, not the favicon's SVG: an
 * SVG in an <img> is a document of its own that the page creates and lays out on the main thread
 * (scripts/icons.ts draws both from one drawing). */
export function LogoLink({ to, compact = false }: { to: string; compact?: boolean | 'narrow' }) {
  return (
    <AppLink to={to} aria-label={compact ? BRAND.name : undefined} className="flex min-h-11 shrink-0 items-center gap-2 text-lg font-extrabold tracking-tight">
      <img src="/icons/logo-84.png" alt="" width={28} height={28} className="size-7" />
      {/* `compact`: on a header too narrow for the name and its buttons (under 448 px: a phone, a large
          font setting: the container is measured in rem, so it shrinks as the font grows), the
          mark alone. 'narrow': only on a screen under 22 rem (a 320 px phone), where the signed-in header's
          account menu and menu button would otherwise push the page sideways; a media query, as
          that header holds the fixed slide-out menu a container would confine. */}
      {/* 'narrow' on a phone also sets the name a step smaller: its room is the player's name's (issue 44). */}
      <span className={compact === 'narrow' ? 'max-[22rem]:hidden max-[28rem]:text-base' : compact ? '@max-[28rem]:hidden' : undefined}>{BRAND.name}</span>
    </AppLink>
  );
}
