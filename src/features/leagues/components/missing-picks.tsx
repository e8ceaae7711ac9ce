// Before the deadline: who in the liga has not completed the round's picks (names only, never
// anybody's picks), and the owner's "Recordarles": one push or e-mail each, once per round. Its
// state comes from the server (league_reminders), so the owner sees before tapping, on any phone,
// that it already went and when.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useSending } from '@/lib/use-sending';
import { getLeagueReminder } from '../api/get-league-reminder';
import { remindLeagueMissing } from '../api/remind-league-missing';
import { leagueErrorMessage, leagueErrorReason, reminderQueuedText, reminderSentText } from '../league-rules';

interface MissingPicksProps {
  leagueId: string;
  roundId: number;
  /** The round's deadline: by night a push waits for 08:00 unless the round closes first. */
  deadline: string;
  missing: string[];
  isOwner: boolean;
  /** When this round's reminder went (null: not yet). */
  remindedAt: string | null;
}

export function MissingPicks({ leagueId, roundId, deadline, missing, isOwner, remindedAt }: MissingPicksProps) {
  const [note, setNote] = useState<string | null>(null);
  const [sentAt, setSentAt] = useState(remindedAt);
  const { sending, send } = useSending();

  async function remind() {
    await send(async () => {
      try {
        const reminded = await remindLeagueMissing(leagueId, roundId);
        setSentAt(new Date().toISOString());
        // The dispatcher runs every minute (it came 4 min 20 s later with the five-minute job,
        // issue 44 item 13); said here, with the night's wait for pushes, so the owner does not wonder.
        setNote(reminderQueuedText(reminded, deadline));
      } catch (error) {
        setNote(leagueErrorMessage(error, 'No se pudo enviar el recordatorio. Revisa tu conexión e inténtalo de nuevo.'));
        // Already sent this round (from another phone, say): the button says when, and has nothing left to do.
        if (leagueErrorReason(error) === 'league_already_reminded') {
          setSentAt((await getLeagueReminder(leagueId, roundId).catch(() => null)) ?? new Date().toISOString());
        }
      }
    });
  }

  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold">Faltan por jugar</h3>
      {missing.length === 0 ? (
        <p className="text-sm text-slate-600">¡Todos en la liga ya hicieron sus predicciones!</p>
      ) : (
        <ul aria-label="Faltan por jugar" className="flex flex-wrap gap-2">
          {missing.map((name) => (
            <li key={name} className="rounded-full bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
              {name}
            </li>
          ))}
        </ul>
      )}
      {isOwner && missing.length > 0 && (
        <Button onClick={() => void remind()} disabled={sending || sentAt !== null} className="self-start">
          {sending ? 'Enviando…' : sentAt !== null ? reminderSentText(sentAt) : 'Recordarles'}
        </Button>
      )}
      <p role="status" className="min-h-5 text-sm font-semibold text-brand-700">
        {note}
      </p>
    </div>
  );
}
