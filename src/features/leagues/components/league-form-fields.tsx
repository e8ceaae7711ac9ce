// The liga's name and "Premio de la liga" fields with their rules, shared by "Crear liga" and the
// owner's edit form.
import { Field } from '@/components/ui/field';
import { LEAGUE_NAME_MAX, PRIZE_NOTE_MAX } from '../league-rules';

export interface LeagueFormValues {
  name: string;
  prizeNote: string;
}

export function LeagueFormFields({
  values,
  errors,
  onChange,
}: {
  values: LeagueFormValues;
  errors: { name?: string; prizeNote?: string };
  onChange: (values: LeagueFormValues) => void;
}) {
  return (
    <>
      <Field
        label="Nombre de la liga"
        name="league-name"
        autoComplete="off"
        maxLength={LEAGUE_NAME_MAX + 10}
        placeholder="La quiniela de la oficina"
        value={values.name}
        onChange={(e) => onChange({ ...values, name: e.target.value })}
        error={errors.name}
        hint={errors.name ? undefined : `De 3 a ${LEAGUE_NAME_MAX} caracteres.`}
      />
      <Field
        label="Premio de la liga (opcional)"
        name="league-prize"
        autoComplete="off"
        maxLength={PRIZE_NOTE_MAX + 10}
        placeholder="El último paga los tacos"
        value={values.prizeNote}
        onChange={(e) => onChange({ ...values, prizeNote: e.target.value })}
        error={errors.prizeNote}
        hint={errors.prizeNote ? undefined : `Hasta ${PRIZE_NOTE_MAX} caracteres. En las ligas no se juega dinero en la app.`}
      />
    </>
  );
}
