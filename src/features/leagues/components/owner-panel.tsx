// The owner's edit form (name and prize line) and the liga-wide actions: renew the code (old
// links stop working) and delete the liga.
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/field';
import { useSending } from '@/lib/use-sending';
import { updateLeague } from '../api/update-league';
import { leagueErrorMessage, leagueNameProblem, prizeNoteProblem } from '../league-rules';
import { LeagueFormFields, type LeagueFormValues } from './league-form-fields';

export function OwnerPanel({
  name,
  prizeNote,
  leagueId,
  onSaved,
  onRenewCode,
  onDelete,
}: {
  name: string;
  prizeNote: string | null;
  leagueId: string;
  onSaved: () => void;
  onRenewCode: () => void;
  onDelete: () => void;
}) {
  const [values, setValues] = useState<LeagueFormValues>({ name, prizeNote: prizeNote ?? '' });
  const [submitted, setSubmitted] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const { sending, send } = useSending();
  const errors = { name: leagueNameProblem(values.name) ?? undefined, prizeNote: prizeNoteProblem(values.prizeNote) ?? undefined };

  async function save(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setMessage(null);
    if (errors.name || errors.prizeNote) return;
    await send(async () => {
      try {
        await updateLeague(leagueId, values.name, values.prizeNote);
        setMessage({ tone: 'success', text: 'Cambios guardados.' });
        onSaved();
      } catch (error) {
        setMessage({ tone: 'error', text: leagueErrorMessage(error, 'No se pudieron guardar los cambios. Revisa tu conexión e inténtalo de nuevo.') });
      }
    });
  }

  return (
    <div className="flex flex-col gap-4">
      <form noValidate onSubmit={(e) => void save(e)} className="flex flex-col gap-4">
        <LeagueFormFields values={values} errors={submitted ? errors : {}} onChange={setValues} />
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
        <Button type="submit" disabled={sending} className="self-start">
          {sending ? 'Guardando…' : 'Guardar cambios'}
        </Button>
      </form>
      <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
        <button type="button" onClick={onRenewCode} className="inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-100">
          Renovar enlace
        </button>
        <button type="button" onClick={onDelete} className="inline-flex min-h-11 items-center rounded-full border border-red-300 px-4 text-sm font-semibold text-red-700 hover:bg-red-50">
          Eliminar liga
        </button>
      </div>
    </div>
  );
}
