import { useEffect, useState } from 'react';
import { onServiceWorkerUpdate } from '@/lib/sw-register';

/** "Hay una nueva versión": shown when a new service worker waits; 'Actualizar' switches and reloads. */
export function UpdatePrompt() {
  const [apply, setApply] = useState<(() => void) | null>(null);
  useEffect(() => onServiceWorkerUpdate((next) => setApply(() => next)), []);
  if (!apply) return null;
  return (
    <div role="status" className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-2xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg">
      <p className="flex-1 font-medium">Hay una nueva versión</p>
      <button type="button" onClick={() => setApply(null)} className="rounded-full px-3 py-2 font-semibold text-slate-300 hover:text-white">
        Después
      </button>
      <button type="button" onClick={apply} className="rounded-full bg-gold-400 px-4 py-2 font-bold text-slate-900 hover:bg-amber-300">
        Actualizar
      </button>
    </div>
  );
}
