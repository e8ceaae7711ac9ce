import { AppLink } from '@/components/ui/app-link';
import { BRAND } from '@/lib/brand';

/** The brand mark; its accessible name is the product's name. A PNG, not the favicon's SVG: an
 * SVG in an <img> is a document of its own that the page creates and lays out on the main thread
 * (scripts/icons.ts draws both from one drawing). */
export function LogoLink({ to }: { to: string }) {
  return (
    <AppLink to={to} className="flex shrink-0 items-center gap-2 text-lg font-extrabold tracking-tight">
      <img src="/icons/logo-84.png" alt="" width={28} height={28} className="size-7" />
      {BRAND.name}
    </AppLink>
  );
}
