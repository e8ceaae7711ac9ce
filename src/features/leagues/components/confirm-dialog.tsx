// A question before an action that cannot be undone (remove a member, hand over, delete, leave),
// on the app's own dialog rather than the browser's confirm().
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

export interface Confirmation {
  title: string;
  body: string;
  action: string;
  run: () => Promise<void>;
}

export function ConfirmDialog({ confirmation, busy, onClose }: { confirmation: Confirmation | null; busy: boolean; onClose: () => void }) {
  return (
    <Dialog open={confirmation !== null} onClose={onClose} title={confirmation?.title ?? ''}>
      <p className="text-sm text-slate-700">{confirmation?.body}</p>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onClose} className="inline-flex min-h-11 items-center justify-center rounded-full border border-slate-300 px-5 text-sm font-semibold text-slate-800 hover:bg-slate-100">
          Cancelar
        </button>
        <Button disabled={busy} onClick={() => void confirmation?.run()} className="bg-red-700 hover:bg-red-800">
          {confirmation?.action}
        </Button>
      </div>
    </Dialog>
  );
}
