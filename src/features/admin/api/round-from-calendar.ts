// The football feed's calendar for the admin (round-from-calendar, docs/match-day.md).
import { invokeAdminFunction } from './invoke-admin-function';

interface CalendarTeam {
  teamId: number;
  name: string;
  logo: string;
  /** The product's club for this team; null when it is new (created with the round). */
  clubId: number | null;
}

export interface CalendarFixture {
  fixtureId: number;
  kickoffAt: string;
  home: CalendarTeam;
  away: CalendarTeam;
  /** Already a match of a round. */
  inRound: boolean;
}

export const CALENDAR_LEAGUES = [
  { id: 262, name: 'Liga MX' },
  { id: 39, name: 'Premier League' },
  { id: 140, name: 'La Liga' },
  { id: 78, name: 'Bundesliga' },
  { id: 135, name: 'Serie A' },
  { id: 61, name: 'Ligue 1' },
  { id: 253, name: 'MLS' },
  { id: 10, name: 'Selecciones (amistosos)' },
] as const;

export function listCalendar(league: number, from: string, to: string) {
  return invokeAdminFunction<{ fixtures: CalendarFixture[]; proposedDeadline: string | null }>('round-from-calendar', { action: 'list', league, from, to });
}

export function createRoundFromCalendar(input: { name: string; week: number; deadline: string; isLastOfMonth: boolean; fixtureIds: number[] }) {
  return invokeAdminFunction<{ quinielaId: number }>('round-from-calendar', { action: 'create', ...input });
}
