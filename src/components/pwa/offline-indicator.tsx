import { useOnline } from './use-online';

/** A thin strip under the header while the device has no network. The live region stays in the
 * page while online (empty), so the words are announced once when the signal goes, as a region
 * inserted with its words often is not (issue 32). */
export function OfflineIndicator() {
  const online = useOnline();
  return (
    <div role="status" className={online ? 'sr-only' : 'bg-slate-800 px-4 py-1.5 text-center text-xs font-semibold text-white'}>
      {online ? null : (
        <>
          <span aria-hidden="true" className="mr-1.5 inline-block size-2 rounded-full bg-amber-400" />
          <strong>Sin conexión</strong>
          <span className="font-normal text-slate-300"> · verás lo guardado en este dispositivo</span>
        </>
      )}
    </div>
  );
}
