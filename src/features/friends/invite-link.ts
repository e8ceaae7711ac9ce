// A player's invitation link: the sign-up page with his code, on this app's own address.
export function inviteLink(origin: string, code: string): string {
  return `${origin.replace(/\/$/, '')}/signup?ref=${encodeURIComponent(code)}`;
}

export const INVITE_TEXT = '¡Juega conmigo la quiniela de la semana en Quinielazo! Es gratis y hay premios cada mes.';
