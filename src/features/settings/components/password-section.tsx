import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/field';
import { useSending } from '@/lib/use-sending';
import { sendPasswordReset } from '../api/send-password-reset';
import { SETTINGS_MESSAGES } from '../rules';
import { SettingsCard } from './settings-card';
import { useNotice } from './use-notice';

/** Changing the password goes through the recovery mail, which proves the player owns the address. */
export function PasswordSection({ email }: { email: string }) {
  const { sending, send: sendOnce } = useSending();
  const [notice, show] = useNotice();

  async function send() {
    await sendOnce(async () => {
      try {
        await sendPasswordReset(email);
        show('success', SETTINGS_MESSAGES.resetSent);
      } catch {
        show('error', SETTINGS_MESSAGES.resetError);
      }
    });
  }

  return (
    <SettingsCard id="settings-password" title="Contraseña" description="Te enviaremos un correo con un enlace para elegir una nueva.">
      <Button onClick={() => void send()} disabled={sending} aria-busy={sending} className="w-full bg-white! text-brand-700! ring-1 ring-brand-700/40 hover:bg-brand-50! sm:w-auto">
        {sending ? 'Enviando…' : 'Cambiar contraseña'}
      </Button>
      {notice ? (
        <div className="mt-4">
          <FormMessage tone={notice.tone}>{notice.text}</FormMessage>
        </div>
      ) : null}
    </SettingsCard>
  );
}
