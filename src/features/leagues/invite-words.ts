// The invitation's own words and shapes, shared by the screen (components/invite-page.tsx) and
// the server that writes the same card into the page before any script runs
// (scripts/liga-preview.ts): the two must look alike to the pixel, or the page jumps when the
// app takes over. Plain strings only: the server side is web standards, no React.
import { formatDeadlineBeside } from '../../lib/time';

export const INVITE_KICKER = 'Te invitaron a una liga de Quinielazo';

export const INVITE_INTRO = 'Mismas quinielas y mismos puntos que en Quinielazo, con una tabla solo para la liga. Es gratis: únete y juega con tu grupo.';

/** A code no liga has (mistyped, or renewed by its owner). */
export const INVALID_TITLE = 'Esta invitación ya no es válida';
export const INVALID_TEXT = 'Pide un enlace nuevo a quien te invitó: el enlace está mal escrito o quien organiza la liga lo renovó.';

/** The card's labels and links, as both sides write them. */
export const INVITE_LABELS = {
  owner: 'La organiza',
  members: 'Juegan',
  round: 'Quiniela de esta semana',
  prize: '🏆 Premio de la liga: ',
  join: 'Unirme a la liga',
  hasAccount: '¿Ya tienes cuenta?',
  signIn: 'Inicia sesión para unirte',
  home: 'Ir a Quinielazo',
} as const;

export const INVITE_CLASSES = {
  card: 'mx-auto flex max-w-md flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200',
  kicker: 'text-xs font-semibold uppercase tracking-wide text-brand-700',
  intro: 'text-base text-slate-700',
  name: 'text-2xl font-extrabold tracking-tight [overflow-wrap:anywhere]',
  facts: 'grid grid-cols-2 gap-3 text-sm',
  fact: 'rounded-xl bg-slate-50 px-3 py-2',
  wideFact: 'col-span-2 rounded-xl bg-slate-50 px-3 py-2',
  factLabel: 'text-xs text-slate-500',
  ownerValue: 'truncate font-semibold',
  factValue: 'font-semibold',
  invalidTitle: 'text-xl font-extrabold',
  invalidText: 'text-sm text-slate-600',
  prize: 'text-sm font-medium text-slate-700',
  primaryLink: 'inline-flex min-h-11 w-full items-center justify-center rounded-full px-5 text-sm font-semibold bg-brand-700 text-white hover:bg-brand-800',
  secondaryLink: 'inline-flex min-h-11 w-full items-center justify-center rounded-full px-5 text-sm font-semibold border border-slate-300 text-slate-800',
  signInLine: 'text-center text-sm text-slate-600',
  signInLink: 'inline-flex min-h-11 items-center font-semibold text-brand-700 underline',
} as const;

/** "3 miembros". */
export const memberCount = (count: number) => `${count} ${count === 1 ? 'miembro' : 'miembros'}`;

/**
 * The round's line: "Quiniela del 12 de diciembre: cierra el sábado a las 18:00 (hora del Centro)"
 * (the date once: formatDeadlineBeside), or that none is open.
 */
export const roundLine = (roundName: string | null, deadline: string | null) =>
  deadline ? `${roundName ?? 'La quiniela'}: cierra el ${formatDeadlineBeside(roundName, deadline)}` : 'La próxima quiniela abre pronto';

/** Where a visitor's "Unirme a la liga" goes: sign-up with the liga riding along. */
export const signUpPath = (code: string) => `/signup?liga=${encodeURIComponent(code)}`;

/** Back from sign-in (or the sign-up mail) to the invitation, joining on arrival. */
export const joinOnArrivalPath = (code: string) => `/liga/${code}?unirme=1`;
