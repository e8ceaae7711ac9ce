import { RoundIdMailForm } from './round-id-mail-form';

export function ScoreEmailsForm() {
  return (
    <RoundIdMailForm
      title="Correos de puntuación"
      description="Cada jugador con puntos en la quiniela recibe sus puntos, sus aciertos y sus bonos."
      fn="send-scores-email"
      buttonLabel="Enviar correos de puntuación"
      sentCount={(a) => Number(a.sentCount ?? 0)}
    />
  );
}
