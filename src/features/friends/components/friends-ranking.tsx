// The friends ranking on /dashboard: this month among the player's friends (his referrals, his
// referrer and the players he added) with his own row; add a friend by username (looked up as
// he types) and remove one he added; when he has no friends yet, his invitation link.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { cachedRead, MAX_AGE } from '@/lib/cached-read';
import { useSending } from '@/lib/use-sending';
import { addFriend, listAddedFriends, removeFriend } from '../api/added-friends';
import { findPlayer, type FoundPlayer } from '../api/find-player';
import { getFriendsLeaderboard, type FriendRow } from '../api/get-friends-leaderboard';
import { inviteLink } from '../invite-link';
import { ShareInvite } from './share-invite';
import { rankText } from '@/lib/words';

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; rows: FriendRow[]; added: Set<string> };
type Lookup = { kind: 'idle' } | { kind: 'checking' } | { kind: 'found'; player: FoundPlayer } | { kind: 'missing' } | { kind: 'failed' };

const LOOKUP_DELAY_MS = 500;

export function FriendsRanking({ userId, year, month, referralCode }: { userId: string; year: number; month: number; referralCode: string | null }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [name, setName] = useState('');
  const [lookup, setLookup] = useState<Lookup>({ kind: 'idle' });
  const [notice, setNotice] = useState<string | null>(null);
  const lookupSeq = useRef(0);
  const { sending, send } = useSending();
  const titleId = useId();

  const reload = useCallback(async () => {
    try {
      // Through the read cache: offline the table shows the last copy (issue 32).
      const { data } = await cachedRead(`friends:ranking:${year}-${month}`, userId, async () => {
        const [rows, added] = await Promise.all([getFriendsLeaderboard(year, month), listAddedFriends(userId)]);
        return { rows, added: [...added] };
      }, MAX_AGE.standings);
      setLoad({ kind: 'ready', rows: data.rows, added: new Set(data.added) });
    } catch {
      setLoad({ kind: 'failed' });
    }
  }, [userId, year, month]);
  useEffect(() => void reload(), [reload]);

  // The availability-style lookup: asked once typing pauses; an older answer never wins.
  useEffect(() => {
    const wanted = name.trim();
    if (wanted.length < 3) return setLookup({ kind: 'idle' });
    setLookup({ kind: 'checking' });
    const seq = ++lookupSeq.current;
    const timer = setTimeout(() => {
      findPlayer(wanted).then(
        (player) => seq === lookupSeq.current && setLookup(player ? { kind: 'found', player } : { kind: 'missing' }),
        () => seq === lookupSeq.current && setLookup({ kind: 'failed' }),
      );
    }, LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [name]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (lookup.kind !== 'found') return;
    if (lookup.player.id === userId) return setNotice('Ese eres tú: ya estás en tu tabla.');
    const { player } = lookup;
    await send(async () => {
      const outcome = await addFriend(userId, player.id);
      setNotice(
        outcome === 'added' ? `Agregaste a ${player.username}.`
        : outcome === 'already' ? `${player.username} ya está en tus amigos.`
        : outcome === 'full' ? 'Ya tienes 50 amigos agregados: quita uno para agregar otro.'
        : 'No se pudo agregar. Intenta de nuevo.',
      );
      if (outcome === 'added') {
        setName('');
        await reload();
      }
    });
  }

  async function remove(row: FriendRow) {
    try {
      await removeFriend(userId, row.userId);
      setNotice(`Quitaste a ${row.username}.`);
      await reload();
    } catch {
      setNotice('No se pudo quitar. Intenta de nuevo.');
    }
  }

  const friendsOnly = load.kind === 'ready' ? load.rows.filter((r) => r.userId !== userId) : [];
  return (
    <section aria-labelledby={titleId} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="border-b border-slate-100 px-4 py-3">
        <h2 id={titleId} className="font-bold">
          Tabla de amigos
        </h2>
      </header>
      {load.kind === 'loading' && <div role="status" aria-label="Cargando la tabla de amigos" className="h-40 animate-pulse bg-slate-50" />}
      {load.kind === 'failed' && <p className="px-4 py-6 text-center text-sm text-slate-600">No pudimos cargar tu tabla de amigos. Revisa tu conexión.</p>}
      {load.kind === 'ready' && (
        <div className="flex flex-col gap-3 px-4 py-4">
          {friendsOnly.length === 0 ? (
            <div className="flex flex-col gap-2">
              <p className="text-sm text-slate-700">Aún no tienes amigos en tu tabla. Invítalos con tu enlace o agrégalos por su nombre de usuario.</p>
              {referralCode && <ShareInvite link={inviteLink(window.location.origin, referralCode)} />}
            </div>
          ) : (
            <table className="w-full text-sm">
              <caption className="sr-only">Tabla de amigos del mes</caption>
              <thead className="text-left text-[11px] uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="py-1">Pos.</th>
                  <th scope="col" className="py-1">Jugador</th>
                  <th scope="col" className="py-1 text-right">Puntos</th>
                  <th scope="col" className="py-1"><span className="sr-only">Quitar</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {load.rows.map((row) => (
                  <tr key={row.userId} className={row.userId === userId ? 'bg-brand-50 font-semibold' : ''}>
                    <td className="py-2 tabular-nums">{rankText(row.rank)}</td>
                    <td className="py-2 [overflow-wrap:anywhere]">
                      {row.username}
                      {row.userId === userId && <span className="text-slate-600"> (tú)</span>}
                    </td>
                    <td className="py-2 text-right tabular-nums">{row.totalPoints}</td>
                    <td className="py-2 text-right">
                      {load.added.has(row.userId) && (
                        <button type="button" onClick={() => void remove(row)} aria-label={`Quitar a ${row.username}`} className="min-h-9 rounded-full px-2 text-slate-600 hover:bg-slate-100">
                          ✕
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <form onSubmit={submit} className="flex flex-col gap-1" noValidate>
            <label className="text-xs font-semibold text-slate-600" htmlFor={`${titleId}-name`}>
              Agregar amigo por nombre de usuario
            </label>
            <div className="flex gap-2">
              <input
                id={`${titleId}-name`}
                value={name}
                maxLength={40}
                autoComplete="off"
                onChange={(e) => {
                  setName(e.target.value);
                  setNotice(null);
                }}
                className="min-h-11 min-w-0 flex-1 rounded-xl border border-slate-300 px-3 text-base"
              />
              <button type="submit" disabled={lookup.kind !== 'found' || sending} className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-4 text-sm font-semibold text-white disabled:opacity-50">
                Agregar
              </button>
            </div>
            <p aria-live="polite" className="min-h-5 text-xs text-slate-600">
              {lookup.kind === 'checking' && 'Buscando…'}
              {lookup.kind === 'found' && `✓ ${lookup.player.username}`}
              {lookup.kind === 'missing' && 'No existe un jugador con ese nombre.'}
              {lookup.kind === 'failed' && 'No pudimos buscar. Revisa tu conexión.'}
            </p>
          </form>
          {notice && (
            <p role="status" className="text-sm font-semibold text-brand-700">
              {notice}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
