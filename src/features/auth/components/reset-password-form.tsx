import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/field';
import { useSession, useSessionReady } from '@/lib/session';
import { signOut } from '@/lib/sign-out';
import { updatePassword } from '../api/update-password';
import { authErrorCode, authErrorMessage } from '../auth-errors';
import { validateResetPassword } from '../validation';
import { AuthCard } from './auth-card';
import { PasswordField } from './password-field';
import { PasswordStrength } from './password-strength';

const SAME_PASSWORD = 'Parece que es la que ya tienes actualmente. Intenta con otra.';

/** Needs the session the recovery link opens (supabase-js reads it from the URL fragment). */
export function ResetPasswordForm() {
  const ready = useSessionReady();
  const session = useSession();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Done: 'signing-out' while the recovery session ends, then 'signed-out'.
  const [done, setDone] = useState<'signing-out' | 'signed-out' | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateResetPassword(password, confirmPassword);
    setError(invalid ?? null);
    if (invalid) return;
    setBusy(true);
    try {
      await updatePassword(password);
      setDone('signing-out');
      // The recovery session has done its job: the player signs in again with the new password.
      // The way to sign in shows once it has ended: a tap before would find the login page still
      // signed in (it sends a player on to /dashboard), and the sign-out then back to /login.
      await signOut().catch(() => undefined);
      setDone('signed-out');
    } catch (failure) {
      setError(authErrorCode(failure) === 'same_password' ? SAME_PASSWORD : authErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  if (!ready) {
    return (
      <AuthCard title="Nueva contraseña">
        <p role="status" className="text-sm text-slate-600">
          Verificando tu enlace…
        </p>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title="Nueva contraseña">
        <FormMessage tone="success">✅ Tu contraseña se actualizó correctamente. Inicia sesión con tu nueva contraseña.</FormMessage>
        {done === 'signed-out' ? (
          <Link to="/login" className="mt-5 inline-flex min-h-11 w-full items-center justify-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800">
            Ir a iniciar sesión
          </Link>
        ) : (
          <p className="mt-5 inline-flex min-h-11 w-full items-center justify-center text-sm text-slate-600">
            Cerrando la sesión del enlace…
          </p>
        )}
      </AuthCard>
    );
  }

  if (!session) {
    return (
      <AuthCard title="Nueva contraseña">
        <FormMessage tone="error">No tienes una sesión activa. Por favor inicia sesión desde tu correo de restablecimiento de contraseña.</FormMessage>
        <Link to="/forgot-password" className="mt-5 inline-flex min-h-11 w-full items-center justify-center rounded-full border border-brand-700 px-5 text-sm font-semibold text-brand-800 hover:bg-brand-50">
          Pedir un nuevo enlace
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Nueva contraseña" subtitle="Usa al menos 8 caracteres, con letras y números.">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <PasswordField label="Nueva contraseña" name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <PasswordStrength password={password} />
        </div>
        <PasswordField
          label="Confirmar nueva contraseña"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
        />
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? 'Guardando…' : 'Guardar contraseña'}
        </Button>
      </form>
    </AuthCard>
  );
}
