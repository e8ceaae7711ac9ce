import { Link, useNavigate } from '@tanstack/react-router';
import { FormControls } from '@/components/ui/form-controls';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/field';
import { signIn } from '../api/sign-in';
import { authErrorMessage } from '../auth-errors';
import { validateLogin } from '../validation';
import { PasswordField } from './password-field';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';
import { InviteNotice } from './invite-notice';

/** docs/product.md#log-in-and-passwords: on success the player goes on after 1 second. */
const REDIRECT_DELAY_MS = 1000;

export interface LoginFormProps {
  redirectTo?: string;
  /** Where "Crear cuenta" leads (a liga's invitation rides along). */
  signUpSearch?: { liga?: string };
  /** Said above the form (what signing in will also do). */
  notice?: string;
  /** Told once the password was accepted, before the player is taken on. */
  onSignedIn?: () => void;
}

export function LoginForm({ redirectTo, signUpSearch = {}, notice, onSignedIn }: LoginFormProps) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [emailTouched, setEmailTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  // The server's answer to the last try ('Correo o contraseña incorrectos.'): gone once the
  // player edits a field or tries again.
  const [serverError, setServerError] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState(false);

  // The form's own checks (sign-up's e-mail rule), shown as sign-up shows them: after leaving
  // the field or sending, and updated as the player types.
  const errors = validateLogin(email, password);
  const emailError = submitted || emailTouched ? errors.email : undefined;
  const formError = submitted ? errors.form : undefined;

  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => void navigate({ to: (redirectTo ?? '/dashboard') as '/', replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedIn, redirectTo, navigate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (errors.form || errors.email) return;
    setBusy(true);
    try {
      await signIn(email, password);
      onSignedIn?.();
      setSignedIn(true);
    } catch (failure) {
      setServerError(authErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Iniciar sesión"
      subtitle="Entra para hacer tus predicciones de la semana."
      notice={<InviteNotice text={notice} />}
      footer={
        <>
          ¿No tienes cuenta?{' '}
          <Link to="/signup" search={signUpSearch} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Crear cuenta
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormControls>
          <EmailField
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setServerError(null);
            }}
            onBlur={() => setEmailTouched(true)}
            error={emailError}
            disabled={signedIn}
          />
          <PasswordField
            label="Contraseña"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setServerError(null);
            }}
            disabled={signedIn}
          />
          <div className="-mt-1 text-right">
            <Link to="/forgot-password" className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
              ¿Olvidaste tu contraseña?
            </Link>
          </div>
          {formError || serverError ? <FormMessage tone="error">{formError ?? serverError}</FormMessage> : null}
          {signedIn ? <FormMessage tone="success">¡Sesión iniciada! Te llevamos a tu cuenta…</FormMessage> : null}
          <Button type="submit" disabled={busy || signedIn} className="w-full">
            {busy ? 'Entrando…' : 'Iniciar sesión'}
          </Button>
        </FormControls>
      </form>
    </AuthCard>
  );
}
