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

/** docs/product.md#log-in-and-passwords: on success the player goes on after 1 second. */
const REDIRECT_DELAY_MS = 1000;

export function LoginForm({ redirectTo }: { redirectTo?: string }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => void navigate({ to: (redirectTo ?? '/dashboard') as '/', replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedIn, redirectTo, navigate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateLogin(email, password);
    setError(invalid ?? null);
    if (invalid) return;
    setBusy(true);
    try {
      await signIn(email, password);
      setSignedIn(true);
    } catch (failure) {
      setError(authErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Iniciar sesión"
      subtitle="Entra para hacer tus picks de la semana."
      footer={
        <>
          ¿No tienes cuenta?{' '}
          <Link to="/signup" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Crear cuenta
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormControls>
          <EmailField
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            disabled={signedIn}
          />
          <PasswordField
            label="Contraseña"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={signedIn}
          />
          <div className="-mt-1 text-right">
            <Link to="/forgot-password" className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
              ¿Olvidaste tu contraseña?
            </Link>
          </div>
          {error ? <FormMessage tone="error">{error}</FormMessage> : null}
          {signedIn ? <FormMessage tone="success">¡Sesión iniciada! Te llevamos a tu cuenta…</FormMessage> : null}
          <Button type="submit" disabled={busy || signedIn} className="w-full">
            {busy ? 'Entrando…' : 'Iniciar sesión'}
          </Button>
        </FormControls>
      </form>
    </AuthCard>
  );
}
