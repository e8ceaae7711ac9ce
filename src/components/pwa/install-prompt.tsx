// The install card other screens may place (dashboard, inicio): Chromium's install dialog
// where offered, the manual steps on iOS Safari, nothing once installed or dismissed.
import { InstallButton } from './install-button';
import { dismissInstall, useInstallMode, useInstallStore } from './install-state';

function IosInstallSteps() {
  return (
    <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
      <li>
        Toca el botón <strong>Compartir</strong>{' '}
        <svg aria-hidden="true" viewBox="0 0 24 24" className="inline size-4 align-text-bottom" fill="none" stroke="currentColor" strokeWidth={2}>
          <path d="M12 3v12M7 8l5-5 5 5M5 13v7h14v-7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>{' '}
        en la barra de Safari.
      </li>
      <li>
        Elige <strong>Agregar a pantalla de inicio</strong>.
      </li>
      <li>
        Toca <strong>Agregar</strong>: Quinielazo quedará junto a tus apps.
      </li>
    </ol>
  );
}

export function InstallPrompt({ className = '' }: { className?: string }) {
  const mode = useInstallMode();
  const dismissed = useInstallStore((s) => s.dismissed);
  if (dismissed || mode === 'installed' || mode === 'unavailable') return null;

  return (
    <aside aria-label="Instalar la app" className={`relative rounded-2xl border border-brand-100 bg-brand-50 p-4 pr-10 ${className}`}>
      <button
        type="button"
        onClick={dismissInstall}
        aria-label="Cerrar aviso de instalación"
        className="absolute right-2 top-2 grid size-8 place-items-center rounded-full text-slate-500 hover:bg-white hover:text-slate-800"
      >
        <span aria-hidden="true">✕</span>
      </button>
      <div className="flex items-start gap-3">
        <img src="/icons/icon-192.png" alt="" width={40} height={40} className="size-10 shrink-0 rounded-xl" />
        <div className="min-w-0">
          <p className="font-bold text-slate-900">Instala Quinielazo en tu celular</p>
          {mode === 'prompt' ? (
            <>
              <p className="mt-0.5 text-sm text-slate-600">Ábrela desde tu pantalla de inicio y haz tus predicciones aunque no tengas señal.</p>
              <InstallButton className="mt-3" />
            </>
          ) : (
            <>
              <p className="mt-0.5 text-sm font-semibold text-slate-800">Agregar a pantalla de inicio</p>
              <IosInstallSteps />
            </>
          )}
        </div>
      </div>
    </aside>
  );
}
