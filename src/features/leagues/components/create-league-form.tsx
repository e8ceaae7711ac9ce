// "Crear liga": the name and the optional prize line, checked on the phone with the database's
// limits (the database decides), then the new liga's page.
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/field';
import { useSending } from '@/lib/use-sending';
import { createLeague } from '../api/create-league';
import { leagueErrorMessage, leagueNameProblem, prizeNoteProblem } from '../league-rules';
import { LeagueFormFields, type LeagueFormValues } from './league-form-fields';

export function CreateLeagueForm() {
  const [values, setValues] = useState<LeagueFormValues>({ name: '', prizeNote: '' });
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const { sending, send } = useSending();
  const navigate = useNavigate();
  const errors = { name: leagueNameProblem(values.name) ?? undefined, prizeNote: prizeNoteProblem(values.prizeNote) ?? undefined };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (errors.name || errors.prizeNote) return;
    await send(async () => {
      try {
        const { id } = await createLeague(values.name, values.prizeNote);
        await navigate({ to: '/ligas/$leagueId', params: { leagueId: id } });
      } catch (error) {
        setServerError(leagueErrorMessage(error, 'No se pudo crear la liga. Revisa tu conexión e inténtalo de nuevo.'));
      }
    });
  }

  return (
    <section aria-labelledby="create-league-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="create-league-title" className="font-bold">
        Crear liga
      </h2>
      <p className="mb-3 text-sm text-slate-600">Juega con la oficina, la familia o el grupo de amigos: mismas quinielas, su propia tabla.</p>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <LeagueFormFields values={values} errors={submitted ? errors : {}} onChange={setValues} />
        {serverError && <FormMessage tone="error">{serverError}</FormMessage>}
        <Button type="submit" disabled={sending}>
          {sending ? 'Creando liga…' : 'Crear liga'}
        </Button>
      </form>
    </section>
  );
}
