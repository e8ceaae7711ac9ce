import { AppLink } from '@/components/ui/app-link';
import { BRAND } from '@/lib/brand';

/** The brand mark; its accessible name is the product's name. */
export function LogoLink({ to }: { to: string }) {
  return (
    <AppLink to={to} className="flex shrink-0 items-center gap-2 text-lg font-extrabold tracking-tight">
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      {BRAND.name}
    </AppLink>
  );
}
