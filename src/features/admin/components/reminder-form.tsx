import { RoundIdMailForm } from './round-id-mail-form';

export function ReminderForm() {
  return (
    <RoundIdMailForm
      title="Recordatorio de quiniela"
      description="Se envía solo a quienes tienen activado el recordatorio y aún no completan sus picks de esa quiniela."
      fn="quinielazo-reminder"
      buttonLabel="Enviar recordatorio"
      sentCount={(a) => Number(a.sent ?? 0)}
    />
  );
}
