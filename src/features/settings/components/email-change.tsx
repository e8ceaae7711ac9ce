// The account's e-mail and its change. Auth mails a link to the current address and one to the
// new, and changes nothing until both are opened (double confirmation, supabase/config.toml):
// the player is told so when he asks, while it is pending, and when he comes back from the first
// link (GoTrue's "proceed to the other email" in the URL fragment). The second link brings him
// back signed in with the new address, which the session then shows.
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormMessage } from '@/components/ui/field';
import { authErrorCode, authErrorMessage, normalizeEmail, validateEmail } from '@/features/auth';
import { useSession } from '@/lib/session';
import { useSending } from '@/lib/use-sending';
import { requestEmailChange } from '../api/change-email';
import { getPendingEmail } from '../api/get-pending-email';
import { emailChangePendingMessage, emailChangeSentMessage, isHalfConfirmedEmailChange, SETTINGS_MESSAGES } from '../rules';
import { LinkButton } from './settings-card';

export function EmailChange({ email: loadedEmail }: { email: string }) {
  // The session's address: it follows the change once the second link signs the player in.
  const email = useSession()?.user.email ?? loadedEmail;
  const [editing, setEditing] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { sending, send } = useSending();

  useEffect(() => {
    // Back from the first of the two links: say what is left, and clean the address bar.
    if (isHalfConfirmedEmailChange(window.location.hash)) {
      setNotice(SETTINGS_MESSAGES.emailChangeHalf);
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    }
    // A change asked for earlier and not confirmed yet. Offline screens start no API request
    // (docs/testing.md): without signal there is nothing to say.
    if (!navigator.onLine) return;
    let alive = true;
    getPendingEmail().then(
      (next) => alive && setPending(next),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [email]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = normalizeEmail(typed);
    const invalid = validateEmail(next) ?? (next === normalizeEmail(email) ? SETTINGS_MESSAGES.emailSame : undefined);
    setError(invalid ?? null);
    if (invalid) return;
    await send(async () => {
      try {
        await requestEmailChange(next);
        setPending(next);
        setNotice(emailChangeSentMessage(email, next));
        setEditing(false);
        setTyped('');
      } catch (failure) {
        // Hosted Auth refuses an address another account has; the local one answers as for a free one.
        setError(authErrorCode(failure) === 'email_exists' ? SETTINGS_MESSAGES.emailTaken : authErrorMessage(failure));
      }
    });
  }

  return (
    <div className="flex flex-col gap-3">
      <div>
        <p className="text-sm font-semibold text-slate-800">Correo electrónico</p>
        <div className="mt-1 flex items-center justify-between gap-3">
          <span className="min-w-0 break-all text-sm text-slate-600" data-testid="settings-email">
            {email}
          </span>
          {editing ? null : (
            <LinkButton onClick={() => setEditing(true)} label="Cambiar correo electrónico">
              Cambiar
            </LinkButton>
          )}
        </div>
      </div>
      {editing ? (
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
          <Field
            label="Correo nuevo"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={error ?? undefined}
            hint="Te enviaremos un enlace a tu correo actual y otro al nuevo."
          />
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" disabled={sending} aria-busy={sending}>
              {sending ? 'Enviando…' : 'Enviar enlaces'}
            </Button>
            <LinkButton
              onClick={() => {
                setEditing(false);
                setTyped('');
                setError(null);
              }}
              label="Cancelar el cambio de correo"
            >
              Cancelar
            </LinkButton>
          </div>
        </form>
      ) : null}
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {pending && pending !== normalizeEmail(email) && !notice ? <FormMessage tone="info">{emailChangePendingMessage(pending)}</FormMessage> : null}
    </div>
  );
}
