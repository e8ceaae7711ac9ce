// The password, changed here with the product's rule. In a session older than 24 hours Auth asks
// first for a six-digit code it mails to the player (secure_password_change in
// supabase/config.toml): a phone left signed in is not enough to take the account. The recovery
// mail stays as the other way (docs/product.md#settings).
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormMessage } from '@/components/ui/field';
import { authErrorCode, authErrorMessage, PasswordField, PasswordStrength, validateResetPassword } from '@/features/auth';
import { useSession } from '@/lib/session';
import { useSending } from '@/lib/use-sending';
import { changePassword } from '../api/change-password';
import { sendPasswordReset } from '../api/send-password-reset';
import { sendReauthenticationCode } from '../api/send-reauthentication-code';
import { codeFrom, passwordCodeSentMessage, SETTINGS_MESSAGES } from '../rules';
import { LinkButton, SettingsCard } from './settings-card';
import { useNotice } from './use-notice';

type Step = 'closed' | 'password' | 'code';

/** A failed change in the player's words: the codes this form can meet first, then auth's own. */
function failureMessage(failure: unknown): string {
  switch (authErrorCode(failure)) {
    case 'same_password':
      return SETTINGS_MESSAGES.passwordSame;
    case 'reauthentication_not_valid':
      return SETTINGS_MESSAGES.codeInvalid;
    default:
      return authErrorMessage(failure);
  }
}

export function PasswordSection({ email: loadedEmail }: { email: string }) {
  // Where the code and the link go: the account's address now (it may have just changed).
  const email = useSession()?.user.email ?? loadedEmail;
  const [step, setStep] = useState<Step>('closed');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, show, clearNotice] = useNotice();
  const { sending, send } = useSending();

  function close() {
    setStep('closed');
    setPassword('');
    setConfirmPassword('');
    setCode('');
    setError(null);
  }

  async function askForCode() {
    await sendReauthenticationCode();
    setStep('code');
    setCode('');
  }

  async function savePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateResetPassword(password, confirmPassword);
    setError(invalid ?? null);
    if (invalid) return;
    clearNotice();
    await send(async () => {
      try {
        await changePassword(password);
        close();
        show('success', SETTINGS_MESSAGES.passwordChanged);
      } catch (failure) {
        if (authErrorCode(failure) !== 'reauthentication_needed') return setError(failureMessage(failure));
        try {
          await askForCode();
        } catch (sendFailure) {
          setError(authErrorMessage(sendFailure));
        }
      }
    });
  }

  async function confirmCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const nonce = codeFrom(code);
    setError(nonce ? null : SETTINGS_MESSAGES.codeRequired);
    if (!nonce) return;
    await send(async () => {
      try {
        await changePassword(password, nonce);
        close();
        show('success', SETTINGS_MESSAGES.passwordChanged);
      } catch (failure) {
        setError(failureMessage(failure));
      }
    });
  }

  async function resendCode() {
    setError(null);
    await send(async () => {
      try {
        await askForCode();
        show('success', SETTINGS_MESSAGES.codeResent);
      } catch (failure) {
        setError(authErrorMessage(failure));
      }
    });
  }

  async function sendLink() {
    clearNotice();
    await send(async () => {
      try {
        await sendPasswordReset(email);
        show('success', SETTINGS_MESSAGES.resetSent);
      } catch {
        show('error', SETTINGS_MESSAGES.resetError);
      }
    });
  }

  return (
    <SettingsCard id="settings-password" title="Contraseña" description="Elige una nueva aquí, o te enviamos un correo con un enlace para elegirla.">
      {step === 'closed' ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button onClick={() => setStep('password')} className="w-full sm:w-auto">
            Cambiar contraseña
          </Button>
          <Button onClick={() => void sendLink()} disabled={sending} aria-busy={sending} className="w-full bg-white! text-brand-700! ring-1 ring-brand-700/40 hover:bg-brand-50! sm:w-auto">
            {sending ? 'Enviando…' : 'Enviarme un enlace por correo'}
          </Button>
        </div>
      ) : null}

      {step === 'password' ? (
        <form noValidate onSubmit={(event) => void savePassword(event)} className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <PasswordField label="Contraseña nueva" name="new-password" autoComplete="new-password" autoFocus value={password} onChange={(e) => setPassword(e.target.value)} />
            <PasswordStrength password={password} />
          </div>
          <PasswordField label="Confirmar contraseña nueva" name="confirm-password" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
          {error ? <FormMessage tone="error">{error}</FormMessage> : null}
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" disabled={sending} aria-busy={sending}>
              {sending ? 'Guardando…' : 'Guardar contraseña'}
            </Button>
            <LinkButton onClick={close} label="Cancelar el cambio de contraseña">
              Cancelar
            </LinkButton>
          </div>
        </form>
      ) : null}

      {step === 'code' ? (
        <form noValidate onSubmit={(event) => void confirmCode(event)} className="flex flex-col gap-4">
          <FormMessage tone="info">{passwordCodeSentMessage(email)}</FormMessage>
          <Field
            label="Código de 6 dígitos"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={9}
            autoFocus
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={error ?? undefined}
          />
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" disabled={sending} aria-busy={sending}>
              {sending ? 'Guardando…' : 'Confirmar y guardar'}
            </Button>
            <LinkButton onClick={() => void resendCode()} label="Enviarme otro código">
              Enviar otro código
            </LinkButton>
            <LinkButton onClick={close} label="Cancelar el cambio de contraseña">
              Cancelar
            </LinkButton>
          </div>
        </form>
      ) : null}

      {notice ? (
        <div className="mt-4">
          <FormMessage tone={notice.tone}>{notice.text}</FormMessage>
        </div>
      ) : null}
    </SettingsCard>
  );
}
