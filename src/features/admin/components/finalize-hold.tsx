// A round that follows the football feed is finalized by itself two hours after its last final
// whistle (docs/match-day.md); the admin may hold it (quinielas.finalize_hold) or finalize it
// earlier with the button above.
import { useEffect, useState } from 'react';
import { supabase } from '@/lib/supabase';

export function FinalizeHold({ roundId }: { roundId: number }) {
  const [held, setHeld] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void supabase
      .from('quinielas')
      .select('finalize_hold')
      .eq('id', roundId)
      .single()
      .then(({ data, error: failed }) => {
        if (!current) return;
        if (failed) setError('No pudimos leer si la finalización automática está detenida.');
        else setHeld(data.finalize_hold);
      });
    return () => {
      current = false;
    };
  }, [roundId]);

  async function toggle(next: boolean) {
    setError(null);
    setHeld(next);
    const { error: failed } = await supabase.from('quinielas').update({ finalize_hold: next }).eq('id', roundId);
    if (failed) {
      setHeld(!next);
      setError('No se pudo guardar. Intenta de nuevo.');
    }
  }

  if (held === null && !error) return null;
  return (
    <div className="mt-3 flex flex-col gap-1 text-sm text-slate-700">
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={held ?? false} disabled={held === null} onChange={(e) => void toggle(e.target.checked)} />
        Detener la finalización automática (con resultados del proveedor se finaliza sola 2 horas después del último silbatazo)
      </label>
      {error && <p role="alert" className="text-red-700">{error}</p>}
    </div>
  );
}
