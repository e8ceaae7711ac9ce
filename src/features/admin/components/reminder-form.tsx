import { RoundIdMailForm } from './round-id-mail-form';

export function ReminderForm() {
  return (
    <RoundIdMailForm
      title="Recordatorio de quiniela"
      description="Se envía solo a quienes tienen activado el recordatorio y aún no completan sus predicciones de esa quiniela: como aviso en el teléfono si lo activaron y, si no, por correo."
      fn="quinielazo-reminder"
      buttonLabel="Enviar recordatorio"
      sentCount={(a) => Number(a.sent ?? 0)}
      summary={(a) => `✅ Recordatorios enviados: ${Number(a.sent ?? 0)} (${Number(a.pushes ?? 0)} avisos en el teléfono, ${Number(a.emails ?? 0)} correos)`}
    />
  );
}
