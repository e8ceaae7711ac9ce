// /liga/<code>: an invitation to a liga, for anyone with the link. A visitor signs up (the code
// rides along and the mail's link brings him back to join) or signs in; a player joins with one
// tap; a member is told he is in already.
import { Link } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { FormMessage } from '@/components/ui/field';
import { LoadingState } from '@/components/ui/loading-state';
import { formatDeadline } from '@/lib/time';
import type { InviteData } from '../load-invite';

const INTRO = 'Mismas quinielas y mismos puntos que en Quinielazo, con una tabla solo para la liga. Es gratis: únete y juega con tu grupo.';

const linkButton = 'inline-flex min-h-11 w-full items-center justify-center rounded-full px-5 text-sm font-semibold';

export function InvitePage({ data, joining, onJoin, onRetry }: { data: InviteData; joining: boolean; onJoin: () => void; onRetry: () => void }) {
  if (data.failed) return <ErrorState message="No se pudo cargar la invitación." onRetry={onRetry} />;
  const { preview } = data;
  if (!preview) {
    return (
      <InviteCard>
        <h1 className="text-xl font-extrabold">Esta invitación ya no es válida</h1>
        <p className="text-sm text-slate-600">Pide un enlace nuevo a quien te invitó: el enlace está mal escrito o el dueño de la liga lo renovó.</p>
        <Link to="/" className={`${linkButton} border border-slate-300 text-slate-800`}>
          Ir a Quinielazo
        </Link>
      </InviteCard>
    );
  }
  const members = `${preview.memberCount} ${preview.memberCount === 1 ? 'miembro' : 'miembros'}`;
  return (
    <InviteCard>
      <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Te invitaron a una liga de Quinielazo</p>
      {/* Above the liga's name and the same in the skeleton: the prerendered page's largest text,
          so the first paint is the largest one and nothing below it moves when the liga arrives. */}
      <p className="text-base text-slate-700">{INTRO}</p>
      <h1 className="text-2xl font-extrabold tracking-tight [overflow-wrap:anywhere]">{preview.name}</h1>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="rounded-xl bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-500">La organiza</dt>
          <dd className="truncate font-semibold">{preview.ownerUsername}</dd>
        </div>
        <div className="rounded-xl bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-500">Juegan</dt>
          <dd className="font-semibold">{members}</dd>
        </div>
        <div className="col-span-2 rounded-xl bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-500">Quiniela de esta semana</dt>
          <dd className="font-semibold">{preview.deadline ? `${preview.roundName ?? 'Jornada'}: cierra el ${formatDeadline(preview.deadline)}` : 'La próxima quiniela abre pronto'}</dd>
        </div>
      </dl>
      {data.joinError && <FormMessage tone="error">{data.joinError}</FormMessage>}
      {preview.prizeNote && <p className="text-sm font-medium text-slate-700">🏆 Premio de la liga: {preview.prizeNote}</p>}
      {preview.isMember ? (
        <>
          <FormMessage tone="success">Ya eres parte de esta liga</FormMessage>
          <Link to="/ligas/$leagueId" params={{ leagueId: preview.leagueId }} className={`${linkButton} bg-brand-700 text-white hover:bg-brand-800`}>
            Ir a la liga
          </Link>
        </>
      ) : data.signedIn ? (
        <Button onClick={onJoin} disabled={joining} className="w-full">
          {joining ? 'Uniéndote…' : 'Unirme a la liga'}
        </Button>
      ) : (
        <>
          <Link to="/signup" search={{ liga: data.code }} className={`${linkButton} bg-brand-700 text-white hover:bg-brand-800`}>
            Unirme a la liga
          </Link>
          <p className="text-center text-sm text-slate-600">
            ¿Ya tienes cuenta?{' '}
            <Link to="/login" search={{ redirect: `/liga/${data.code}?unirme=1` }} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
              Inicia sesión para unirte
            </Link>
          </p>
        </>
      )}
    </InviteCard>
  );
}

function InviteCard({ children }: { children: React.ReactNode }) {
  return <section className="mx-auto flex max-w-md flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">{children}</section>;
}

/** The page before its data: the same card, so nothing moves when the liga arrives (it is also
 * the prerendered page every invitation link starts from). */
export function InviteSkeleton() {
  return (
    <LoadingState label="Cargando la invitación…" className="mx-auto flex max-w-md flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Te invitaron a una liga de Quinielazo</p>
      <p className="text-base text-slate-700">{INTRO}</p>
      <div className="h-8 w-3/4 animate-pulse rounded bg-slate-200" />
      <div className="grid grid-cols-2 gap-3">
        <div className="h-14 rounded-xl bg-slate-50" />
        <div className="h-14 rounded-xl bg-slate-50" />
        <div className="col-span-2 h-14 rounded-xl bg-slate-50" />
      </div>
      <div className="h-11 rounded-full bg-slate-200" />
      <div className="h-11" />
    </LoadingState>
  );
}
