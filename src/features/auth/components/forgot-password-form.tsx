import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/field';
import { useSending } from '@/lib/use-sending';
import { requestPasswordReset } from '../api/request-password-reset';
import { validateForgotPassword } from '../validation';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';

type Outcome = { tone: 'error' | 'success'; text: string } | null;

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const { sending: busy, send } = useSending();
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateForgotPassword(email);
    if (invalid) {
      setOutcome({ tone: 'error', text: invalid });
      return;
    }
    setOutcome(null);
    await send(async () => {
      try {
        await requestPasswordReset(email);
        // Neutral on purpose: it must not reveal whether an account exists.
        setOutcome({ tone: 'success', text: 'Si el correo existe, recibirás un enlace para restablecer tu contraseña.' });
      } catch {
        setOutcome({ tone: 'error', text: 'Hubo un error al enviar el correo. Intenta nuevamente.' });
      }
    });
  }

  return (
    <AuthCard
      title="Recupera tu contraseña"
      subtitle="Te enviaremos un enlace para crear una nueva."
      footer={
        <Link to="/login" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          Volver a iniciar sesión
        </Link>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <EmailField
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        {outcome ? <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage> : null}
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? 'Enviando…' : 'Enviar enlace'}
        </Button>
      </form>
    </AuthCard>
  );
}
