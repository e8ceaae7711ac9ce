// "Avisos en este teléfono" (issue 10): the browser's permission is asked only when the player
// turns the switch on; iPhone offers push only to the installed app, so Safari shows the
// "Agregar a pantalla de inicio" steps instead; a blocked permission says how to unblock it.
import { useEffect, useState } from 'react';
import { FormMessage } from '@/components/ui/field';
import { Switch } from '@/components/ui/switch';
import { currentPushState, disablePush, enablePush, PushRefusedError, pushAvailability, type PushState } from '@/features/push';
import { SettingsCard } from './settings-card';

const STATUS: Record<PushState, string> = {
  on: 'Activados: los recordatorios llegan a este teléfono.',
  off: 'Desactivados: te avisamos por correo.',
  blocked: 'Bloqueados por el navegador: te avisamos por correo.',
};

function IosInstallSteps() {
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-700">
      <p>En iPhone los avisos llegan solo a la app instalada. Para activarlos:</p>
      <ol className="list-decimal space-y-1 pl-5">
        <li>
          En Safari toca <strong>Compartir</strong> (el cuadro con la flecha hacia arriba).
        </li>
        <li>
          Elige <strong>Agregar a pantalla de inicio</strong> y toca <strong>Agregar</strong>.
        </li>
        <li>Abre Quinielazo desde el ícono de tu pantalla de inicio y vuelve aquí para activar los avisos.</li>
      </ol>
    </div>
  );
}

export function PushSection() {
  const [availability] = useState(pushAvailability);
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (availability !== 'available') return;
    let live = true;
    void currentPushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, [availability]);

  async function toggle(on: boolean) {
    setBusy(true);
    setError(null);
    try {
      setState(on ? await enablePush() : await disablePush());
    } catch (failure) {
      setError(
        failure instanceof PushRefusedError
          ? 'Este navegador no pudo activar los avisos. Te seguiremos avisando por correo.'
          : on
            ? 'No pudimos activar los avisos. Revisa tu conexión e intenta de nuevo.'
            : 'No pudimos desactivar los avisos. Revisa tu conexión e intenta de nuevo.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsCard id="settings-push" title="Avisos en este teléfono" description="Recordatorios al instante, aunque la app esté cerrada.">
      {availability === 'ios-install' ? (
        <IosInstallSteps />
      ) : availability === 'unsupported' ? (
        <p className="text-sm text-slate-700">Este navegador no puede recibir avisos. Te seguiremos avisando por correo.</p>
      ) : (
        <div className="flex flex-col gap-2">
          <div className="-my-3">
            <Switch
              label="Avisos en este teléfono"
              description={state ? STATUS[state] : 'Revisando…'}
              checked={state === 'on'}
              disabled={busy || state === null || state === 'blocked'}
              onChange={(on) => void toggle(on)}
            />
          </div>
          {state === 'blocked' ? (
            <p className="text-sm text-slate-700">
              Para desbloquearlos, toca el candado (o el ícono de ajustes) junto a la dirección, abre <strong>Notificaciones</strong>, elige{' '}
              <strong>Permitir</strong> y vuelve a cargar la página. En la app instalada del iPhone: <strong>Ajustes › Notificaciones › Quinielazo</strong>.
            </p>
          ) : null}
          {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        </div>
      )}
    </SettingsCard>
  );
}
