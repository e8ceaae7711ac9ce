import { useEffect, useMemo, useState } from 'react';
import { formatDeadline, GAME_TIME_LABEL } from '@/lib/time';
import { typedGameTimeToIso } from '../typed-time';
import { useSending } from '@/lib/use-sending';
import { createRound } from '../api/create-round';
import { listClubs, type Club } from '@/lib/clubs';
import type { MatchResult } from '../results';
import { ClubPicker } from './club-picker';
import { CalendarRoundForm } from './calendar-round-form';
import { AdminPage, buttonClass, Card, inputClass, NoticeLine, secondaryButtonClass, type Notice } from './ui';
import { useRounds } from './use-rounds';
import { multiplierLabel, rulesFor } from '@/lib/game/game-rules';

interface MatchDraft {
  key: number;
  homeClubId: number | null;
  awayClubId: number | null;
  specialBonusPoints: string;
  underdogBonusPoints: string;
  underdogBonusSide: MatchResult | '';
}

let nextKey = 1;
const emptyMatch = (): MatchDraft => ({ key: nextKey++, homeClubId: null, awayClubId: null, specialBonusPoints: '0', underdogBonusPoints: '0', underdogBonusSide: '' });
const points = (s: string) => Math.max(0, Number.parseInt(s, 10) || 0);

const tooManyMatches = (most: number) => `Una quiniela tiene como máximo ${most} partidos.`;

/** A deadline at or before this moment, by the admin's clock (asked when saving). */
const alreadyPast = (iso: string) => Date.parse(iso) <= Date.now();

const sameClub = (m: MatchDraft) => m.homeClubId !== null && m.homeClubId === m.awayClubId;

/** check_violation: the database's refusals of a match, shown as it words them — the same team on
 * both sides (check_match_teams), one match too many (internal.limit_round_matches); both in
 * supabase/schemas/040_rounds.sql. */
const CHECK_CODE = '23514';

export function CreateRoundForm() {
  const { rounds, reload } = useRounds();
  const [clubs, setClubs] = useState<Club[]>([]);
  const [clubsError, setClubsError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [week, setWeek] = useState('');
  const [deadline, setDeadline] = useState('');
  const [isLastOfMonth, setIsLastOfMonth] = useState(false);
  const [matches, setMatches] = useState<MatchDraft[]>(() => [emptyMatch()]);
  const { sending: saving, send: once } = useSending();
  const [notice, setNotice] = useState<Notice>(null);

  useEffect(() => {
    listClubs()
      .then(setClubs)
      .catch((e) => {
        console.error(e);
        setClubsError('Error cargando los clubes.');
      });
  }, []);

  const existingNames = useMemo(() => [...new Set((rounds ?? []).map((r) => r.name))], [rounds]);
  const deadlineIso = deadline ? typedGameTimeToIso(deadline) : null;
  // As many matches as the points table has steps (0–12 right today); the database refuses more.
  const maxMatches = rulesFor(deadlineIso || undefined).pointsByCorrect.length - 1;

  const update = (key: number, patch: Partial<MatchDraft>) => setMatches((ms) => ms.map((m) => (m.key === key ? { ...m, ...patch } : m)));

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setNotice(null);
    const weekNumber = Number.parseInt(week, 10);
    if (!name.trim() || Number.isNaN(weekNumber) || !deadlineIso) {
      setNotice({ kind: 'error', text: 'Todos los campos son obligatorios' });
      return;
    }
    if (weekNumber < 1 || weekNumber > 53) {
      setNotice({ kind: 'error', text: 'La semana debe ser un número del 1 al 53.' });
      return;
    }
    // A round born closed takes no picks, and it would become "the round before" the open one
    // (the streak bonus reads it).
    if (alreadyPast(deadlineIso)) {
      setNotice({ kind: 'error', text: 'El cierre ya pasó: elige una fecha y hora futuras.' });
      return;
    }
    if (matches.length === 0 || matches.some((m) => m.homeClubId === null || m.awayClubId === null)) {
      setNotice({ kind: 'error', text: 'Todos los partidos deben tener equipos locales y visitantes seleccionados.' });
      return;
    }
    if (matches.length > maxMatches) {
      setNotice({ kind: 'error', text: tooManyMatches(maxMatches) });
      return;
    }
    const clash = matches.findIndex(sameClub);
    if (clash >= 0) {
      setNotice({ kind: 'error', text: `El local y el visitante del partido ${clash + 1} son el mismo club.` });
      return;
    }
    await once(async () => {
      try {
        await createRound({
          name: name.trim(),
          week: weekNumber,
          deadline: deadlineIso,
          isLastOfMonth,
          matches: matches.map((m) => ({
            homeClubId: m.homeClubId!,
            awayClubId: m.awayClubId!,
            specialBonusPoints: points(m.specialBonusPoints),
            underdogBonusPoints: m.underdogBonusSide ? points(m.underdogBonusPoints) : 0,
            underdogBonusSide: m.underdogBonusSide || null,
          })),
        });
        setNotice({ kind: 'ok', text: 'Quiniela y partidos creados exitosamente.' });
        setName('');
        setWeek('');
        setDeadline('');
        setIsLastOfMonth(false);
        setMatches([emptyMatch()]);
        reload();
      } catch (error) {
        // Everything typed stays on screen so the admin can fix and retry; the database's own
        // refusals of a match say what is wrong, so they are shown as they are.
        console.error(error);
        const refused = error as { code?: string; message?: string };
        setNotice({ kind: 'error', text: refused.code === CHECK_CODE && refused.message ? refused.message : 'Error al guardar partidos' });
      }
    });
  }

  return (
    <AdminPage title="Crear quiniela" description={`La hora de cierre se captura y se muestra en ${GAME_TIME_LABEL} (Ciudad de México).`}>
      <CalendarRoundForm onCreated={() => void reload()} />
      <h2 className="text-lg font-bold text-slate-900">A mano (un partido que el calendario no trae)</h2>
      <form onSubmit={save} noValidate className="flex flex-col gap-5">
        <Card className="grid gap-4 md:grid-cols-3">
          <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
            Nombre
            <input className={inputClass} list="round-names" value={name} onChange={(e) => setName(e.target.value)} placeholder="Quinielazo Liga MX" />
            <datalist id="round-names">
              {existingNames.map((n) => (
                <option key={n} value={n} />
              ))}
            </datalist>
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
            Semana
            <input className={inputClass} type="number" inputMode="numeric" min={1} step={1} value={week} onChange={(e) => setWeek(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
            Cierre ({GAME_TIME_LABEL})
            <input className={inputClass} type="datetime-local" value={deadline} onChange={(e) => setDeadline(e.target.value)} />
            <span className="text-xs font-normal text-slate-500" aria-live="polite">
              {deadlineIso ? `Cierra: ${formatDeadline(deadlineIso)}` : 'Fecha y hora de la Ciudad de México'}
            </span>
          </label>
          <label className="flex items-center gap-2 text-sm font-semibold text-slate-700 md:col-span-3">
            <input type="checkbox" className="size-4 accent-brand-700" checked={isLastOfMonth} onChange={(e) => setIsLastOfMonth(e.target.checked)} />
            Última quiniela del mes (puntos {multiplierLabel(rulesFor(deadlineIso || undefined))})
          </label>
        </Card>

        <Card>
          <h2 className="mb-3 text-lg font-bold">Partidos ({matches.length})</h2>
          {clubsError ? <NoticeLine notice={{ kind: 'error', text: clubsError }} /> : null}
          <ol className="flex flex-col gap-3" aria-label="Partidos de la quiniela">
            {matches.map((m, i) => (
              <li key={m.key} className={`rounded-lg border p-3 ${sameClub(m) ? 'border-red-400' : 'border-slate-200'}`}>
                <div className="mb-2 flex items-center justify-between">
                  <span className="text-sm font-bold text-slate-700">Partido {i + 1}</span>
                  <button
                    type="button"
                    className="text-sm font-semibold text-red-700 hover:underline disabled:opacity-40"
                    disabled={matches.length === 1}
                    onClick={() => setMatches((ms) => ms.filter((x) => x.key !== m.key))}
                    aria-label={`Quitar partido ${i + 1}`}
                  >
                    Quitar
                  </button>
                </div>
                <div className="grid items-center gap-2 md:grid-cols-[1fr_auto_1fr]">
                  <ClubPicker label={`Local del partido ${i + 1}`} clubs={clubs} value={m.homeClubId} onChange={(id) => update(m.key, { homeClubId: id })} />
                  <span className="text-center text-xs font-bold text-slate-500">VS</span>
                  <ClubPicker label={`Visitante del partido ${i + 1}`} clubs={clubs} value={m.awayClubId} onChange={(id) => update(m.key, { awayClubId: id })} />
                </div>
                {sameClub(m) ? <p className="mt-2 text-xs font-medium text-red-700">El local y el visitante son el mismo club.</p> : null}
                <div className="mt-2 grid gap-2 text-xs font-semibold text-slate-600 sm:grid-cols-3">
                  <label className="flex flex-col gap-1">
                    Puntos del partido especial
                    <input className={inputClass} type="number" min={0} value={m.specialBonusPoints} onChange={(e) => update(m.key, { specialBonusPoints: e.target.value })} aria-label={`Puntos especiales del partido ${i + 1}`} />
                  </label>
                  <label className="flex flex-col gap-1">
                    Lado sorpresa
                    <select className={inputClass} value={m.underdogBonusSide} onChange={(e) => update(m.key, { underdogBonusSide: e.target.value as MatchResult | '' })} aria-label={`Lado sorpresa del partido ${i + 1}`}>
                      <option value="">Ninguno</option>
                      <option value="Local">Local</option>
                      <option value="Empate">Empate</option>
                      <option value="Visita">Visita</option>
                    </select>
                  </label>
                  <label className="flex flex-col gap-1">
                    Puntos sorpresa
                    <input className={inputClass} type="number" min={0} value={m.underdogBonusPoints} disabled={!m.underdogBonusSide} onChange={(e) => update(m.key, { underdogBonusPoints: e.target.value })} aria-label={`Puntos sorpresa del partido ${i + 1}`} />
                  </label>
                </div>
              </li>
            ))}
          </ol>
          {matches.length < maxMatches ? (
            <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={() => setMatches((ms) => [...ms, emptyMatch()])}>
              + Agregar otro partido
            </button>
          ) : (
            <p className="mt-3 text-sm text-slate-600">{tooManyMatches(maxMatches)}</p>
          )}
        </Card>

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <button type="submit" className={buttonClass} disabled={saving} aria-busy={saving}>
            {saving ? 'Guardando…' : 'Guardar quiniela'}
          </button>
          <div className="flex-1">
            <NoticeLine notice={notice} />
          </div>
        </div>
      </form>
    </AdminPage>
  );
}
