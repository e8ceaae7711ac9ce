// The leaderboard's promo block: the way onto the table. Visitors are invited to sign up free,
// players to play this week's round.
import { AppLink } from '@/components/ui/app-link';
import { track } from '@/lib/activity';
import { BRAND } from '@/lib/brand';
import { useUserId } from '@/lib/session';

export function PromoBlock() {
  const signedIn = useUserId() !== null;
  return (
    <aside aria-label="Juega" className="flex flex-col items-center gap-3 rounded-2xl bg-brand-800 px-6 py-6 text-center text-white">
      <p className="text-lg font-bold">{signedIn ? '¿Ya hiciste tus predicciones de esta semana?' : '¿Quieres aparecer en la tabla?'}</p>
      <p className="text-sm text-brand-50">
        {signedIn ? 'Cada quiniela suma puntos para el ranking del mes y sus premios.' : `Juega gratis cada semana y compite por premios en efectivo con ${BRAND.name}.`}
      </p>
      <AppLink
        to={signedIn ? `/${BRAND.slug}-de-la-semana` : '/signup'}
        onClick={() => track('cta_click', { cta: signedIn ? 'promo_play' : 'promo_signup' })}
        className="inline-flex min-h-11 items-center rounded-full bg-gold-400 px-6 font-bold text-slate-900 hover:bg-amber-300"
      >
        {signedIn ? 'Jugar la quiniela de la semana' : 'Regístrate gratis'}
      </AppLink>
    </aside>
  );
}
