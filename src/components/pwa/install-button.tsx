// The "Instalar app" button on its own: the signed-in header shows it at start-up, while the
// install card (install-prompt.tsx) is only needed by screens that load later.
import { useState } from 'react';
import { promptInstall, useInstallMode } from './install-state';

/** The "Instalar app" button; renders nothing where the browser offers no install dialog. */
export function InstallButton({ className = '', onDone }: { className?: string; onDone?: () => void }) {
  const mode = useInstallMode();
  const [busy, setBusy] = useState(false);
  if (mode !== 'prompt') return null;
  return (
    <button
      type="button"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void promptInstall().finally(() => {
          setBusy(false);
          onDone?.();
        });
      }}
      className={`inline-flex min-h-10 items-center gap-2 rounded-full bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60 ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
        <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
      </svg>
      Instalar app
    </button>
  );
}
