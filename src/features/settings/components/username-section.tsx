import { Field } from '@/components/ui/field';
import { SETTINGS_MESSAGES, usernameError, usernameProblemMessage } from '../rules';
import { EmailChange } from './email-change';
import { LinkButton, SettingsCard } from './settings-card';
import { useUsernameAvailability, type AvailabilityState } from './use-username-availability';

const HINTS: Record<AvailabilityState, { text: string; tone: 'neutral' | 'success' | 'danger' } | null> = {
  idle: null,
  checking: { text: 'Comprobando…', tone: 'neutral' },
  ok: { text: SETTINGS_MESSAGES.usernameAvailable, tone: 'success' },
  taken: { text: SETTINGS_MESSAGES.usernameTaken, tone: 'danger' },
  too_short: { text: usernameProblemMessage('too_short'), tone: 'danger' },
  too_long: { text: usernameProblemMessage('too_long'), tone: 'danger' },
  invalid: { text: usernameProblemMessage('invalid'), tone: 'danger' },
  unknown: null,
};

export interface UsernameSectionProps {
  email: string;
  savedUsername: string;
  draftUsername: string;
  editing: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onChange: (username: string) => void;
}

/** The e-mail (changed by confirming from both addresses) and the username, shown or edited (Editar / Cancelar). */
export function UsernameSection({ email, savedUsername, draftUsername, editing, onEdit, onCancel, onChange }: UsernameSectionProps) {
  const availability = useUsernameAvailability(savedUsername, editing ? draftUsername : savedUsername);
  const hint = HINTS[availability];
  const error = editing ? usernameError(draftUsername) : null;
  return (
    <SettingsCard id="settings-account" title="Cuenta" description="Tu correo y cómo te ven los demás jugadores.">
      <div className="flex flex-col gap-4">
        <EmailChange email={email} />
        <div>
          {editing ? (
            <div className="flex items-start gap-2">
              <Field
                className="min-w-0 flex-1"
                label="Nombre de usuario"
                value={draftUsername}
                onChange={(event) => onChange(event.target.value)}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={30}
                // The player just asked to edit: put the caret in the field.
                autoFocus
                error={error ?? undefined}
                hint={error ? undefined : hint?.text}
                hintTone={hint?.tone}
              />
              <div className="pt-7">
                <LinkButton onClick={onCancel} label="Cancelar edición del nombre de usuario">
                  Cancelar
                </LinkButton>
              </div>
            </div>
          ) : (
            <>
              <p className="text-sm font-semibold text-slate-800">Nombre de usuario</p>
              <div className="mt-1 flex items-center justify-between gap-3">
                <span className="min-w-0 truncate text-base font-bold text-slate-900" data-testid="settings-username">
                  {savedUsername}
                </span>
                <LinkButton onClick={onEdit} label="Editar nombre de usuario">
                  Editar
                </LinkButton>
              </div>
            </>
          )}
        </div>
      </div>
    </SettingsCard>
  );
}
