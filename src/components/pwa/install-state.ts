// Whether and how this device can install the app. Chromium fires `beforeinstallprompt` once,
// early, and only then can the app show its own install button; iOS Safari never fires it, so
// it gets the manual "Agregar a pantalla de inicio" steps instead. Imported by the shell at
// start-up so the event is not missed.
import { create } from 'zustand';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export type InstallMode = 'prompt' | 'ios' | 'installed' | 'unavailable';

interface InstallState {
  deferred: BeforeInstallPromptEvent | null;
  installed: boolean;
  /** Dismissed in this browser (kept in localStorage). */
  dismissed: boolean;
}

const DISMISSED_KEY = 'quinielazo.install-dismissed';

function readDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  return window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/** iPhone/iPad Safari (iPadOS reports itself as a Mac with touch). */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(userAgent);
  return ios && !otherBrowser && /Safari/.test(userAgent);
}

export const useInstallStore = create<InstallState>(() => ({
  deferred: null,
  installed: typeof window !== 'undefined' && isStandalone(),
  dismissed: typeof window !== 'undefined' && readDismissed(),
}));

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    useInstallStore.setState({ deferred: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => useInstallStore.setState({ deferred: null, installed: true }));
}

export function useInstallMode(): InstallMode {
  const { deferred, installed } = useInstallStore();
  if (installed) return 'installed';
  if (deferred) return 'prompt';
  if (typeof navigator !== 'undefined' && isIosSafari(navigator.userAgent, navigator.maxTouchPoints)) return 'ios';
  return 'unavailable';
}

/** Shows the browser's install dialog; the event can be used once. */
export async function promptInstall(): Promise<boolean> {
  const { deferred } = useInstallStore.getState();
  if (!deferred) return false;
  useInstallStore.setState({ deferred: null });
  await deferred.prompt();
  const { outcome } = await deferred.userChoice;
  if (outcome === 'accepted') useInstallStore.setState({ installed: true });
  return outcome === 'accepted';
}

export function dismissInstall(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Private mode: dismissed for this page only.
  }
  useInstallStore.setState({ dismissed: true });
}
