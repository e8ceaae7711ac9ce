import { useOnline } from './use-online';

/** A thin strip under the header while the device has no network. */
export function OfflineIndicator() {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" className="bg-slate-800 px-4 py-1.5 text-center text-xs font-semibold text-white">
      <span aria-hidden="true" className="mr-1.5 inline-block size-2 rounded-full bg-amber-400" />
      <strong>Sin conexión</strong>
      <span className="font-normal text-slate-300"> · verás lo guardado en este dispositivo</span>
    </div>
  );
}
