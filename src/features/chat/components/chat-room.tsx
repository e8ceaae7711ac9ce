// The room of a chat, a round's or a liga's (its frames are round-chat.tsx and league-chat.tsx,
// which load this module when the reader comes near): the latest 50 messages, older ones on scrolling up (or the button), new ones and
// removals live, a box for signed-in players and the sign-up prompt for visitors. Every read goes through one queue (`sync`): the first load, each
// (re)subscription of the live channel and the page becoming visible again, so a phone that
// slept gets the messages it missed and drops the ones removed meanwhile.
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { ClubCrest } from '@/components/ui/club-crest';
import { TextareaField } from '@/components/ui/textarea-field';
import { isAdmin } from '@/lib/session';
import { formatKickoff } from '@/lib/time';
import { useSending } from '@/lib/use-sending';
import { getChatMessage, getChatPage, getChatSince } from '../api/get-chat-messages';
import { postChatMessage } from '../api/post-chat-message';
import { removeChatMessage } from '../api/remove-chat-message';
import { subscribeChat } from '../api/subscribe-chat';
import {
  addMessages,
  applyCatchUp,
  CHAT_CATCH_UP_MAX,
  CHAT_MESSAGES,
  CHAT_PAGE_SIZE,
  checkChatText,
  displayAuthor,
  remainingCharacters,
  removeMessage,
  type ChatList,
  type ChatMessage,
  type ChatPlace,
} from '../chat-model';
import { ChatPlaceholder } from './chat-placeholder';

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; list: ChatList };

type Action =
  | { type: 'failed' }
  | { type: 'reset'; messages: ChatMessage[] }
  | { type: 'add'; messages: ChatMessage[]; hasOlder?: boolean }
  | { type: 'remove'; id: number }
  | { type: 'catchUp'; fresh: ChatMessage[]; shownUpTo: number };

/** Pixels from the bottom within which the reader counts as following the conversation. */
const FOLLOW_SLACK = 80;
/** Pixels from the top at which scrolling up asks for the previous page. */
const OLDER_TRIGGER = 40;

/** `place` must keep its identity across renders (the frames memoise it): the reads and the live channel follow it. */
export function ChatRoom({ place, userId, finalized }: { place: ChatPlace; userId: string | null; finalized: boolean }) {
  // Ids removed while this chat is open: a read that started before the removal must not bring them back.
  const [removed] = useState(() => new Set<number>());
  const reducer = useCallback((state: State, action: Action): State => {
    switch (action.type) {
      case 'failed':
        return state.kind === 'ready' ? state : { kind: 'failed' };
      case 'reset':
        return { kind: 'ready', list: addMessages({ messages: [], hasOlder: action.messages.length === CHAT_PAGE_SIZE }, action.messages, removed) };
      case 'add':
        return state.kind === 'ready' ? { kind: 'ready', list: addMessages(state.list, action.messages, removed, action.hasOlder) } : state;
      case 'remove':
        return state.kind === 'ready' ? { kind: 'ready', list: removeMessage(state.list, action.id) } : state;
      case 'catchUp':
        return state.kind === 'ready' ? { kind: 'ready', list: applyCatchUp(state.list, action.fresh, action.shownUpTo, removed) } : state;
    }
  }, [removed]);
  const [state, dispatch] = useReducer(reducer, { kind: 'loading' });
  // The reads below run outside render and need the list as it is when they start.
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);

  // One read at a time, and at most one waiting: a burst of triggers costs two reads, not many.
  const queue = useRef<{ running: Promise<void> | null; again: boolean }>({ running: null, again: false });
  const readOnce = useCallback(async () => {
    const current = stateRef.current;
    try {
      if (current.kind !== 'ready' || current.list.messages.length === 0) {
        dispatch({ type: 'reset', messages: await getChatPage(place, CHAT_PAGE_SIZE) });
        return;
      }
      const shown = current.list.messages;
      const fresh = await getChatSince(place, shown[0]!.id, CHAT_CATCH_UP_MAX + 1);
      if (fresh.length > CHAT_CATCH_UP_MAX) dispatch({ type: 'reset', messages: await getChatPage(place, CHAT_PAGE_SIZE) });
      else dispatch({ type: 'catchUp', fresh, shownUpTo: shown[shown.length - 1]!.id });
    } catch {
      dispatch({ type: 'failed' });
    }
  }, [place]);
  const sync = useCallback(() => {
    const q = queue.current;
    if (q.running) {
      q.again = true;
      return;
    }
    q.running = (async () => {
      do {
        q.again = false;
        await readOnce();
      } while (q.again);
      q.running = null;
    })();
  }, [readOnce]);

  useEffect(() => {
    sync();
    const unsubscribe = subscribeChat(place, {
      onInsert: (id) => {
        void getChatMessage(place, id)
          .then((message) => message && dispatch({ type: 'add', messages: [message] }))
          .catch(() => {});
      },
      onDelete: (id) => {
        removed.add(id);
        dispatch({ type: 'remove', id });
      },
      onSubscribed: sync,
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') sync();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', sync);
    return () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', sync);
    };
  }, [place, sync, removed]);

  const [admin, setAdmin] = useState(false);
  useEffect(() => {
    let current = true;
    if (userId) void isAdmin(userId).then((yes) => current && setAdmin(yes), () => {});
    else setAdmin(false);
    return () => {
      current = false;
    };
  }, [userId]);

  return (
    <>
      {state.kind === 'loading' && <ChatPlaceholder loading />}
      {state.kind === 'failed' && (
        <div role="alert" className="flex flex-col items-center gap-3 px-4 py-6 text-center">
          <p className="text-sm font-semibold text-red-800">{CHAT_MESSAGES.loadFailed}</p>
          <Button onClick={sync}>Reintentar</Button>
        </div>
      )}
      {state.kind === 'ready' && (
        <MessageList
          place={place}
          list={state.list}
          admin={admin}
          onOlder={(messages, hasOlder) => dispatch({ type: 'add', messages, hasOlder })}
          onRemoved={(id) => {
            removed.add(id);
            dispatch({ type: 'remove', id });
          }}
        />
      )}
      {finalized ? (
        <p className="border-t border-slate-100 bg-slate-50 px-4 py-3 text-sm text-slate-600">{CHAT_MESSAGES.closed}</p>
      ) : userId ? (
        <Composer place={place} userId={userId} onSent={(message) => dispatch({ type: 'add', messages: [message] })} />
      ) : (
        <p className="border-t border-slate-200 bg-brand-50 px-4 py-4 text-center text-sm text-brand-900">
          {/* The picks board above already carries the big sign-up buttons; here a sentence will do. */}
          Para escribir en el chat,{' '}
          <AppLink to="/signup" className="font-semibold text-brand-700 underline">
            crea tu cuenta gratis
          </AppLink>{' '}
          o{' '}
          <AppLink to="/login" className="font-semibold text-brand-700 underline">
            inicia sesión
          </AppLink>
          .
        </p>
      )}
    </>
  );
}

function MessageList({
  place,
  list,
  admin,
  onOlder,
  onRemoved,
}: {
  place: ChatPlace;
  list: ChatList;
  admin: boolean;
  onOlder: (messages: ChatMessage[], hasOlder: boolean) => void;
  onRemoved: (id: number) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const previous = useRef<{ firstId: number; lastId: number; height: number } | null>(null);
  const [older, setOlder] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [removeError, setRemoveError] = useState<string | null>(null);
  const { messages, hasOlder } = list;

  // Keeps the reader's place: a page added above does not move what he reads, and a new message
  // below scrolls into view only while he is following the conversation at the bottom.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const first = messages[0]?.id ?? 0;
    const last = messages[messages.length - 1]?.id ?? 0;
    const before = previous.current;
    if (before && first < before.firstId && last === before.lastId) el.scrollTop += el.scrollHeight - before.height;
    else if (!before || following.current) el.scrollTop = el.scrollHeight;
    previous.current = { firstId: first, lastId: last, height: el.scrollHeight };
  }, [messages]);

  const loadOlder = useCallback(async () => {
    if (older === 'loading' || !hasOlder || messages.length === 0) return;
    setOlder('loading');
    try {
      const page = await getChatPage(place, CHAT_PAGE_SIZE, messages[0]!.id);
      onOlder(page, page.length === CHAT_PAGE_SIZE);
      setOlder('idle');
    } catch {
      setOlder('failed');
    }
  }, [older, hasOlder, messages, place, onOlder]);

  async function remove(id: number) {
    setRemoveError(null);
    if (await removeChatMessage(id)) onRemoved(id);
    else setRemoveError(CHAT_MESSAGES.removeFailed);
  }

  return (
    <div>
      <div
        ref={scroller}
        role="log"
        aria-label="Mensajes del chat"
        tabIndex={0}
        onScroll={(event) => {
          const el = event.currentTarget;
          following.current = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_SLACK;
          if (el.scrollTop < OLDER_TRIGGER && older === 'idle') void loadOlder();
        }}
        className="max-h-96 min-h-32 overflow-y-auto overscroll-contain px-4 py-3"
      >
        {hasOlder && (
          <div className="mb-3 flex flex-col items-center gap-1">
            <button
              type="button"
              onClick={() => void loadOlder()}
              disabled={older === 'loading'}
              className="min-h-11 rounded-full px-4 text-sm font-semibold text-brand-700 underline disabled:opacity-50"
            >
              {older === 'loading' ? 'Cargando mensajes…' : 'Ver mensajes anteriores'}
            </button>
            {older === 'failed' && (
              <p role="alert" className="text-xs font-semibold text-red-800">
                {CHAT_MESSAGES.olderFailed}
              </p>
            )}
          </div>
        )}
        {messages.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600">{place.kind === 'liga' ? CHAT_MESSAGES.emptyLiga : CHAT_MESSAGES.empty}</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {messages.map((m) => (
              <MessageItem key={m.id} message={m} admin={admin} onRemove={() => void remove(m.id)} />
            ))}
          </ol>
        )}
      </div>
      {removeError && (
        <p role="alert" className="border-t border-slate-100 px-4 py-2 text-sm font-semibold text-red-800">
          {removeError}
        </p>
      )}
    </div>
  );
}

function MessageItem({ message, admin, onRemove }: { message: ChatMessage; admin: boolean; onRemove: () => void }) {
  const name = displayAuthor(message.author);
  return (
    <li className="flex gap-2">
      <ClubCrest name={message.author?.clubName ?? name} logoUrl={message.author?.clubLogoUrl} size={28} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-xs">
          <span className="font-bold text-slate-900">{name}</span>
          <time dateTime={message.createdAt} className="text-slate-500">
            {formatKickoff(message.createdAt)}
          </time>
        </p>
        {/* Players' text is only ever a text node: React escapes it, and no HTML is parsed. */}
        <p className="whitespace-pre-wrap text-sm text-slate-800 [overflow-wrap:anywhere]">{message.message}</p>
      </div>
      {admin && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Borrar el mensaje de ${name}`}
          className="min-h-11 shrink-0 self-start rounded-full px-3 text-xs font-semibold text-red-700 hover:bg-red-50"
        >
          Borrar
        </button>
      )}
    </li>
  );
}

function Composer({ place, userId, onSent }: { place: ChatPlace; userId: string; onSent: (message: ChatMessage) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { sending, send } = useSending();
  const left = remainingCharacters(text);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkChatText(text);
    if (checked.error) return setError(checked.error);
    setError(null);
    const outcome = await send(() => postChatMessage(place, userId, checked.text).catch(() => ({ kind: 'refused', text: CHAT_MESSAGES.sendFailed }) as const));
    if (!outcome) return;
    if (outcome.kind === 'refused') return setError(outcome.text);
    setText('');
    // Shown at once, without waiting for the live insert (which then only confirms it).
    const message = await getChatMessage(place, outcome.id).catch(() => null);
    if (message) onSent(message);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 border-t border-slate-100 px-4 py-3">
      <TextareaField
        label="Tu mensaje"
        rows={2}
        value={text}
        maxLength={CHAT_MAX_INPUT}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
        hint={left >= 0 ? `Te quedan ${left} caracteres` : undefined}
        error={left < 0 ? (checkChatText(text).error ?? undefined) : undefined}
      />
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
      <Button type="submit" disabled={sending} className="self-end">
        {sending ? 'Enviando…' : 'Enviar'}
      </Button>
    </form>
  );
}

/** The box takes a little more than the limit, so a pasted long text shows the error instead of being cut silently. */
const CHAT_MAX_INPUT = 2000;
