import { Link } from '@tanstack/react-router';
import { FormControls } from '@/components/ui/form-controls';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormMessage } from '@/components/ui/field';
import { InstallPrompt } from '@/components/pwa/install-prompt';
import { checkUsername, type UsernameVerdict } from '@/lib/check-username';
import { useSending } from '@/lib/use-sending';
import { signUp } from '../api/sign-up';
import { authErrorCode, authErrorMessage } from '../auth-errors';
import { storedReferralCode } from '../referral';
import { MESSAGES, normalizeEmail, usernameProblemMessage, validateSignup, type SignupErrors, type SignupValues } from '../validation';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';
import { InviteNotice } from './invite-notice';
import { PasswordField } from './password-field';
import { PasswordStrength } from './password-strength';
import { useUsernameAvailability, type AvailabilityState } from './use-username-availability';

/** The database's refusal of a name, in the form's words; undefined when the name may be used or is not known yet. */
function refusal(state: AvailabilityState | UsernameVerdict): string | undefined {
  if (state === 'taken') return MESSAGES.usernameTaken;
  if (state === 'too_short' || state === 'too_long' || state === 'invalid') return usernameProblemMessage(state);
  return undefined;
}

const EMPTY: SignupValues & { newsletter: boolean } = { username: '', email: '', password: '', confirmPassword: '', acceptTerms: false, newsletter: false };

/** `logInSearch`: where "Inicia sesión" leads (back to the liga's invitation, to join it). */
export function SignupForm({ leagueCode = null, logInSearch = {} }: { leagueCode?: string | null; logInSearch?: { redirect?: string } }) {
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof SignupValues, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const { sending: busy, send } = useSending();
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const availability = useUsernameAvailability(values.username);

  const errors: SignupErrors = validateSignup(values);
  const show = (field: keyof SignupValues) => (submitted || touched[field] ? errors[field] : undefined);
  const set = <K extends keyof typeof EMPTY>(field: K, value: (typeof EMPTY)[K]) => setValues((v) => ({ ...v, [field]: value }));
  const blur = (field: keyof SignupValues) => () => setTouched((t) => ({ ...t, [field]: true }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (Object.keys(errors).length > 0 || refusal(availability)) return;
    await send(async () => {
      try {
        // Sent before the 500 ms pause ended: ask now rather than ignore the tap.
        if (availability === 'checking') {
          const refused = refusal(await checkUsername(values.username));
          if (refused) {
            setServerError(`${refused}: elige otro nombre de usuario.`);
            return;
          }
        }
        await signUp({
          username: values.username,
          email: values.email,
          password: values.password,
          newsletterOptIn: values.newsletter,
          referredBy: storedReferralCode(),
          leagueCode,
        });
        setSentTo(normalizeEmail(values.email));
      } catch (error) {
        // 409 from the sign-up hook: the name was taken between the check and the tap.
        setServerError(authErrorCode(error) === 'conflict' ? `${MESSAGES.usernameTaken}: elige otro nombre de usuario.` : authErrorMessage(error));
      }
    });
  }

  if (sentTo) {
    return (
      <AuthCard title="Revisa tu correo">
        <FormMessage tone="success">
          ¡Tu cuenta está casi lista! Te enviamos un enlace a <strong>{sentTo}</strong>. Confirma tu correo antes de iniciar sesión.
        </FormMessage>
        <p className="mt-4 text-sm text-slate-600">¿No lo ves? Revisa la carpeta de spam o promociones.</p>
        <Link to="/login" search={logInSearch} className="mt-5 inline-flex min-h-11 w-full items-center justify-center rounded-full border border-brand-700 px-5 text-sm font-semibold text-brand-800 hover:bg-brand-50">
          Ir a iniciar sesión
        </Link>
        <InstallPrompt className="mt-5" />
      </AuthCard>
    );
  }

  const usernameRefusal = refusal(availability);
  const usernameHint =
    errors.username !== undefined
      ? undefined
      : availability === 'checking'
        ? 'Verificando…'
        : availability === 'ok'
          ? MESSAGES.usernameAvailable
          : usernameRefusal;

  return (
    <AuthCard
      title="Crea tu cuenta gratis"
      subtitle="Elige los resultados de cada quiniela y compite por premios."
      notice={<InviteNotice text={leagueCode ? 'Al confirmar tu correo entrarás a la liga de tu invitación.' : undefined} />}
      footer={
        <>
          ¿Ya tienes cuenta?{' '}
          <Link to="/login" search={logInSearch} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Inicia sesión
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormControls>
          <Field
            label="Nombre de usuario"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={30}
            value={values.username}
            onChange={(e) => set('username', e.target.value)}
            onBlur={blur('username')}
            error={show('username')}
            hint={usernameHint}
            hintTone={availability === 'ok' ? 'success' : usernameRefusal ? 'danger' : 'neutral'}
          />
          <EmailField
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
            onBlur={blur('email')}
            error={show('email')}
          />
          <div className="flex flex-col gap-2">
            <PasswordField
              label="Contraseña"
              name="password"
              autoComplete="new-password"
              value={values.password}
              onChange={(e) => set('password', e.target.value)}
              onBlur={blur('password')}
              error={show('password')}
            />
            <PasswordStrength password={values.password} />
          </div>
          <PasswordField
            label="Confirmar contraseña"
            name="confirmPassword"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(e) => set('confirmPassword', e.target.value)}
            onBlur={blur('confirmPassword')}
            error={show('confirmPassword')}
          />

          <div className="flex flex-col gap-1">
            <label className="flex items-start gap-3 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={values.acceptTerms}
                onChange={(e) => set('acceptTerms', e.target.checked)}
                aria-invalid={show('acceptTerms') ? true : undefined}
                className="mt-0.5 size-5 shrink-0 accent-brand-700"
              />
              <span>
                Acepto los{' '}
                <a href="/privacidad" target="_blank" rel="noopener" className="font-semibold text-brand-700 underline">
                  términos y el aviso de privacidad
                </a>
              </span>
            </label>
            {show('acceptTerms') ? <p className="pl-8 text-xs font-medium text-red-700">{show('acceptTerms')}</p> : null}
          </div>
          <label className="flex items-start gap-3 text-sm text-slate-700">
            <input type="checkbox" checked={values.newsletter} onChange={(e) => set('newsletter', e.target.checked)} className="mt-0.5 size-5 shrink-0 accent-brand-700" />
            <span>Quiero recibir noticias, recordatorios y novedades por correo</span>
          </label>

          {serverError ? <FormMessage tone="error">{serverError}</FormMessage> : null}
          <Button type="submit" disabled={busy || usernameRefusal !== undefined} className="w-full">
            {busy ? 'Creando cuenta…' : 'Crear cuenta'}
          </Button>
        </FormControls>
      </form>
    </AuthCard>
  );
}
