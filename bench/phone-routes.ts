// The player routes issues 12 and 46 measure as a phone meets them: Lighthouse visits them
// (bench/lighthouse.ts) and the first-load budget is reported for them (bench/first-load.ts).
// `sources` are the route files each one renders (their chunks come from the build's manifest).

export interface PhoneRoute {
  path: string;
  /** Measured in a profile where a player signed in (else a visitor's first visit). */
  signedIn: boolean;
  sources: string[];
}

export const PHONE_ROUTES: PhoneRoute[] = [
  { path: '/', signedIn: false, sources: ['src/routes/index.tsx'] },
  { path: '/leaderboard', signedIn: false, sources: ['src/routes/leaderboard.tsx'] },
  { path: '/quinielazo-de-la-semana', signedIn: false, sources: ['src/routes/quinielazo-de-la-semana.tsx'] },
  { path: '/rules', signedIn: false, sources: ['src/routes/rules.tsx'] },
  // A liga's invitation (issue 29): the bench makes a liga and visits its link (bench/lighthouse.ts).
  { path: '/liga/:code', signedIn: false, sources: ['src/routes/liga.$code.tsx'] },
  { path: '/inicio', signedIn: true, sources: ['src/routes/_authed.tsx', 'src/routes/_authed/inicio.tsx'] },
  { path: '/dashboard', signedIn: true, sources: ['src/routes/_authed.tsx', 'src/routes/_authed/dashboard.tsx'] },
  { path: '/picks?quiniela=current', signedIn: true, sources: ['src/routes/_authed.tsx', 'src/routes/_authed/picks.tsx'] },
  // A liga of the signed-in player (he creates it: bench/lighthouse.ts), and his history.
  { path: '/ligas/:id', signedIn: true, sources: ['src/routes/_authed.tsx', 'src/routes/_authed/ligas.$leagueId.tsx'] },
  { path: '/mis-quinielas', signedIn: true, sources: ['src/routes/mis-quinielas.tsx'] },
];
