// The admin's daily game form (spec §5): a day from today to a year ahead; points at least 1 (a non-numeric value becomes 1);
// match and exact score need home and away clubs; yes/no and over/under may be about two teams
// (then both are needed) or carry an image URL. Returns the row to insert or a Spanish error.
import type { GameType } from '@/features/boost';

export interface DailyGameForm {
  gameDate: string;
  type: GameType;
  question: string;
  points: string;
  aboutTeams: boolean;
  homeId: number | null;
  awayId: number | null;
  imageUrl: string;
}

export interface DailyGameRow {
  game_date: string;
  game_type: GameType;
  question: string;
  points: number;
  metadata: Record<string, number | string>;
}

export function parsePoints(value: string): number {
  const n = Number.parseInt(value.trim(), 10);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

/** `today`: the game's calendar day now, "2026-11-26" (Mexico City; src/lib/time.ts gameDay). */
export function parseDailyGameForm(form: DailyGameForm, today: string): { ok: true; row: DailyGameRow } | { ok: false; error: string } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.gameDate) || Number.isNaN(Date.parse(form.gameDate))) return { ok: false, error: 'Elige la fecha del juego.' };
  // A game for a past day is born closed; one years ahead is a typo (0001-01-01 was accepted).
  if (form.gameDate < today) return { ok: false, error: 'Ese día ya pasó: elige hoy o un día futuro.' };
  const yearAhead = new Date(Date.parse(today) + 366 * 86_400_000).toISOString().slice(0, 10);
  if (form.gameDate > yearAhead) return { ok: false, error: 'Elige un día dentro del próximo año.' };
  const question = form.question.trim();
  if (!question) return { ok: false, error: 'Escribe la pregunta del juego.' };
  const metadata: Record<string, number | string> = {};
  const versus = form.type === 'match' || form.type === 'exactscore';
  if (versus || form.aboutTeams) {
    if (form.homeId === null || form.awayId === null) {
      return { ok: false, error: versus ? 'Los juegos de partido y marcador exacto necesitan equipo local y visitante.' : 'Elige los dos equipos del juego.' };
    }
    if (form.homeId === form.awayId) return { ok: false, error: 'Elige dos equipos distintos.' };
    if (versus) Object.assign(metadata, { home_team_id: form.homeId, away_team_id: form.awayId });
    else Object.assign(metadata, { team1_id: form.homeId, team2_id: form.awayId });
  }
  const image = form.imageUrl.trim();
  if (image) {
    if (!/^https?:\/\/\S+$/i.test(image)) return { ok: false, error: 'La URL de la imagen debe empezar con http:// o https://.' };
    metadata.image_url = image;
  }
  return { ok: true, row: { game_date: form.gameDate, game_type: form.type, question, points: parsePoints(form.points), metadata } };
}
