// Creating a round from the football feed's calendar (issue 45, docs/match-day.md): a league and
// two dates list its fixtures; the admin ticks the ones of the round, the deadline is proposed
// from the first kick-off, and the round is created with their kick-offs (clubs matched by the
// provider's team id; a club new to the product is created with the feed's name and crest).
// Typing the clubs by hand (the form below) stays for a match the feed lacks.
import { useState } from 'react';
import { formatDeadline, formatKickoff } from '@/lib/time';
import { useSending } from '@/lib/use-sending';
import { CALENDAR_LEAGUES, createRoundFromCalendar, listCalendar, type CalendarFixture } from '../api/round-from-calendar';
import { FunctionAnswerError } from '../api/invoke-admin-function';
import { buttonClass, Card, inputClass, NoticeLine, secondaryButtonClass, type Notice } from './ui';

const message = (e: unknown, fallback: string) => (e instanceof FunctionAnswerError ? e.message : fallback);

export function CalendarRoundForm({ onCreated }: { onCreated?: () => void }) {
  const [league, setLeague] = useState<number>(262);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [fixtures, setFixtures] = useState<CalendarFixture[] | null>(null);
  const [ticked, setTicked] = useState<number[]>([]);
  const [deadline, setDeadline] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [week, setWeek] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const { sending, send } = useSending();

  const chosen = (fixtures ?? []).filter((f) => ticked.includes(f.fixtureId));
  // The deadline proposed: the first kick-off of the fixtures ticked (else of the list).
  const proposed = chosen.length ? chosen.map((f) => f.kickoffAt).sort()[0]! : deadline;

  const list = (event: React.FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!from || !to) return setNotice({ kind: 'error', text: 'Elige las fechas: desde y hasta.' });
    void send(async () => {
      try {
        const answer = await listCalendar(league, from, to);
        setFixtures(answer.fixtures);
        setDeadline(answer.proposedDeadline);
        setTicked([]);
        if (!answer.fixtures.length) setNotice({ kind: 'error', text: 'No hay partidos por jugar en esas fechas.' });
      } catch (e) {
        setNotice({ kind: 'error', text: message(e, 'No pudimos leer el calendario. Intenta de nuevo.') });
      }
    });
  };

  const create = () => {
    setNotice(null);
    const weekNumber = Number.parseInt(week, 10);
    if (!name.trim() || !Number.isInteger(weekNumber)) return setNotice({ kind: 'error', text: 'Escribe el nombre y la semana de la quiniela.' });
    if (!chosen.length || !proposed) return setNotice({ kind: 'error', text: 'Marca al menos un partido.' });
    void send(async () => {
      try {
        const { quinielaId } = await createRoundFromCalendar({ name: name.trim(), week: weekNumber, deadline: proposed, isLastOfMonth: false, fixtureIds: chosen.map((f) => f.fixtureId) });
        setNotice({ kind: 'ok', text: `Quiniela ${quinielaId} creada con ${chosen.length} partidos del calendario.` });
        setFixtures(null);
        setTicked([]);
        onCreated?.();
      } catch (e) {
        setNotice({ kind: 'error', text: message(e, 'No pudimos crear la quiniela. Intenta de nuevo.') });
      }
    });
  };

  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-lg font-bold text-slate-900">Desde el calendario</h2>
      <form onSubmit={list} noValidate className="grid gap-3 sm:grid-cols-4">
        <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
          Liga
          <select className={inputClass} value={league} onChange={(e) => setLeague(Number(e.target.value))}>
            {CALENDAR_LEAGUES.map((l) => (
              <option key={l.id} value={l.id}>{l.name}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
          Desde
          <input type="date" className={inputClass} value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
          Hasta
          <input type="date" className={inputClass} value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <div className="flex items-end">
          <button type="submit" className={secondaryButtonClass} disabled={sending}>Ver partidos</button>
        </div>
      </form>
      {fixtures && fixtures.length > 0 && (
        <>
          <ul aria-label="Partidos del calendario" className="divide-y divide-slate-100">
            {fixtures.map((f) => (
              <li key={f.fixtureId}>
                <label className="flex items-center gap-3 py-2 text-sm">
                  <input
                    type="checkbox"
                    disabled={f.inRound}
                    checked={ticked.includes(f.fixtureId)}
                    onChange={(e) => setTicked((was) => (e.target.checked ? [...was, f.fixtureId] : was.filter((id) => id !== f.fixtureId)))}
                  />
                  <span className="tabular-nums text-slate-600">{formatKickoff(f.kickoffAt)}</span>
                  <span className="font-semibold text-slate-900">
                    {f.home.name} vs {f.away.name}
                  </span>
                  {(f.home.clubId === null || f.away.clubId === null) && <span className="rounded-full bg-amber-100 px-2 text-xs text-amber-900">club nuevo</span>}
                  {f.inRound && <span className="text-xs text-slate-500">ya en una quiniela</span>}
                </label>
              </li>
            ))}
          </ul>
          <div className="grid gap-3 sm:grid-cols-3">
            <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
              Nombre
              <input className={inputClass} value={name} onChange={(e) => setName(e.target.value)} placeholder="Quinielazo Liga MX" />
            </label>
            <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
              Semana
              <input className={inputClass} inputMode="numeric" value={week} onChange={(e) => setWeek(e.target.value)} />
            </label>
            <p className="text-sm text-slate-700">
              Cierre propuesto (la primera patada):<br />
              <strong>{proposed ? formatDeadline(proposed) : '—'}</strong>
            </p>
          </div>
          <div>
            <button type="button" className={buttonClass} disabled={sending} onClick={create}>
              Crear quiniela con {chosen.length} {chosen.length === 1 ? 'partido' : 'partidos'}
            </button>
          </div>
        </>
      )}
      <NoticeLine notice={notice} />
    </Card>
  );
}
