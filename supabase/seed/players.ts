// The demo accounts: one admin and 20 players with fixed ids, so re-running the seed finds
// the same rows. Skill, attendance and the round they joined shape their generated history.

export const ADMIN_PASSWORD = 'Admin1234';
export const PLAYER_PASSWORD = 'Jugador123';

export interface SeedPlayer {
  n: number;
  id: string;
  email: string;
  username: string;
  /** A club slug from clubs.ts, or null. */
  club: string | null;
  /** Chance of a correct pick in a finalized round. */
  skill: number;
  /** Chance of playing a given round once joined. */
  attendance: number;
  /** First seeded round (1–14) the player may play; 14 is the open round. */
  joinRound: number;
  /** E-mail local part of the player who referred this one. */
  referredBy: string | null;
  newsletter: boolean;
  admin: boolean;
}

const uuid = (n: number) => `5eed0000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

// [local part, username, club, skill, attendance, joinRound, referred by]
const rows: [string, string, string | null, number, number, number, string | null][] = [
  ['ana', 'Ana_Aguila', 'club-america', 0.5, 0.95, 1, null],
  ['beto', 'BetoChiva', 'guadalajara', 0.4, 0.9, 4, 'ana'],
  ['carlos', 'CharlyRayado', 'monterrey', 0.45, 1, 1, null],
  ['diana', 'DianaFelina', 'tigres-uanl', 0.48, 0.9, 1, null],
  ['eduardo', 'Lalo_Cementero', 'cruz-azul', 0.38, 0.85, 1, null],
  ['fernanda', 'FerTuza', 'pachuca', 0.42, 0.8, 1, null],
  ['gerardo', 'Gera_Diablo', 'toluca', 0.52, 0.95, 1, null],
  ['hugo', 'HugoPuma', 'pumas-unam', 0.35, 0.75, 1, null],
  ['isabel', 'IsaLaFiera', 'leon', 0.43, 0.9, 2, null],
  ['javier', 'JaviXolo', 'tijuana', 0.4, 0.7, 1, null],
  ['karla', 'KarlaGuerrera', 'santos-laguna', 0.46, 0.9, 6, 'ana'],
  ['luis', 'Wicho_Zorro', 'atlas', 0.32, 0.8, 1, null],
  ['mariana', 'MarianaMerengue', 'real-madrid', 0.47, 0.85, 3, null],
  ['nacho', 'NachoCule', 'barcelona', 0.39, 0.75, 1, null],
  ['oscar', 'OscarRedDevil', 'manchester-united', 0.37, 0.65, 5, null],
  ['paola', 'PaoGallos', 'queretaro', 0.44, 0.9, 9, 'carlos'],
  ['ramon', 'MonchoRayo', 'necaxa', 0.4, 1, 14, null],
  ['sofia', 'SofiTricolor', 'mexico', 0.49, 0.9, 1, null],
  ['tono', 'Tono_Camotero', 'puebla', 0.36, 0.85, 12, null],
  ['valeria', 'ValeriaQuiniela2025', 'fc-juarez', 0.45, 1, 11, 'sofia'],
];

const admin: SeedPlayer = {
  n: 0,
  id: uuid(0xad),
  email: 'admin@quinielazo.mx',
  username: 'admin',
  club: 'club-america',
  skill: 0,
  attendance: 0,
  joinRound: 99,
  referredBy: null,
  newsletter: false,
  admin: true,
};

export const players: SeedPlayer[] = rows.map(([local, username, club, skill, attendance, joinRound, referredBy], i) => ({
  n: i + 1,
  id: uuid(i + 1),
  email: `${local}@quinielazo.mx`,
  username,
  club,
  skill,
  attendance,
  joinRound,
  referredBy: referredBy ? `${referredBy}@quinielazo.mx` : null,
  newsletter: i % 3 !== 2,
  admin: false,
}));

export const accounts: SeedPlayer[] = [admin, ...players];
