// /liga/<code>: an invitation to a liga, for anyone with the link. A visitor signs up (the code
// rides along and the mail's link brings him back to join) or signs in; a player joins with one
// tap; a member is told he is in already.
import { Link } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { FormMessage } from '@/components/ui/field';
import { LoadingState } from '@/components/ui/loading-state';
import { SavedCopyNote } from '@/components/ui/saved-copy-note';
import { rememberJoinIntent } from '../join-intent';
import { INVALID_TEXT, INVALID_TITLE, INVITE_CLASSES as css, INVITE_INTRO, INVITE_KICKER, INVITE_LABELS as words, joinOnArrivalPath, memberCount, roundLine } from '../invite-words';
import type { InviteData } from '../load-invite';

export function InvitePage({ data, joining, onJoin, onRetry }: { data: InviteData; joining: boolean; onJoin: () => void; onRetry: () => void }) {
  if (data.failed) return <ErrorState message={data.failure ?? 'No se pudo cargar la invitación.'} onRetry={onRetry} />;
  const { preview } = data;
  if (!preview) {
    return (
      <InviteCard>
        <h1 className={css.invalidTitle}>{INVALID_TITLE}</h1>
        <p className={css.invalidText}>{INVALID_TEXT}</p>
        <Link to="/" className={css.secondaryLink}>
          {words.home}
        </Link>
      </InviteCard>
    );
  }
  // The server writes the same card for a visitor before any script runs (scripts/liga-preview.ts,
  // ligaInviteBody): a change here is a change there.
  return (
    <InviteCard>
      {data.cachedAt !== null && <SavedCopyNote storedAt={data.cachedAt} what="de esta invitación" />}
      <p className={css.kicker}>{INVITE_KICKER}</p>
      {/* Above the liga's name and the same in the skeleton: the prerendered page's largest text,
          so the first paint is the largest one and nothing below it moves when the liga arrives. */}
      <p className={css.intro}>{INVITE_INTRO}</p>
      <h1 className={css.name}>{preview.name}</h1>
      <dl className={css.facts}>
        <div className={css.fact}>
          <dt className={css.factLabel}>{words.owner}</dt>
          <dd className={css.ownerValue}>{preview.ownerUsername}</dd>
        </div>
        <div className={css.fact}>
          <dt className={css.factLabel}>{words.members}</dt>
          <dd className={css.factValue}>{memberCount(preview.memberCount)}</dd>
        </div>
        <div className={css.wideFact}>
          <dt className={css.factLabel}>{words.round}</dt>
          <dd className={css.factValue}>{roundLine(preview.roundName, preview.deadline)}</dd>
        </div>
      </dl>
      {data.joinError && <FormMessage tone="error">{data.joinError}</FormMessage>}
      {preview.prizeNote && <p className={css.prize}>{words.prize + preview.prizeNote}</p>}
      {preview.isMember ? (
        <>
          <FormMessage tone="success">Ya eres parte de esta liga</FormMessage>
          <Link to="/ligas/$leagueId" params={{ leagueId: preview.leagueId }} className={css.primaryLink}>
            Ir a la liga
          </Link>
        </>
      ) : data.signedIn ? (
        <Button onClick={onJoin} disabled={joining} className="w-full">
          {joining ? 'Uniéndote…' : words.join}
        </Button>
      ) : (
        <>
          <Link to="/signup" search={{ liga: data.code }} className={css.primaryLink}>
            {words.join}
          </Link>
          <p className={css.signInLine}>
            {words.hasAccount}{' '}
            <Link to="/login" search={{ redirect: joinOnArrivalPath(data.code) }} onClick={() => rememberJoinIntent(data.code)} className={css.signInLink}>
              {words.signIn}
            </Link>
          </p>
        </>
      )}
    </InviteCard>
  );
}

function InviteCard({ children }: { children: React.ReactNode }) {
  return <section className={css.card}>{children}</section>;
}

/** The page before its data: the same card, so nothing moves when the liga arrives (it is also
 * the prerendered page every invitation link starts from). */
export function InviteSkeleton() {
  return (
    <LoadingState label="Cargando la invitación…" className={css.card}>
      <p className={css.kicker}>{INVITE_KICKER}</p>
      <p className={css.intro}>{INVITE_INTRO}</p>
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
