// The clubs every league filter of the settings screen offers, with the colours their
// generated crests use. Ids are fixed per league block (Liga MX 1–99, Premier League 101–199,
// …) so adding a club never renumbers another, and the seed can upsert by id.

interface League {
  name: 'Liga MX' | 'Premier League' | 'La Liga' | 'Bundesliga' | 'Serie A' | 'Ligue 1' | 'MLS' | 'Internacional';
  slug: string;
  firstId: number;
  /** National teams get a round badge, clubs a shield. */
  shape: 'shield' | 'circle';
  clubs: ClubData[];
}

/** [slug, full name, short name, initials, primary colour, secondary colour] */
type ClubData = [string, string, string, string, string, string];

export interface Club {
  id: number;
  slug: string;
  name: string;
  shortName: string;
  initials: string;
  primary: string;
  secondary: string;
  league: League['name'];
  leagueSlug: string;
  shape: League['shape'];
  logoUrl: string;
}

const leagues: League[] = [
  {
    name: 'Liga MX', slug: 'liga-mx', firstId: 1, shape: 'shield',
    clubs: [
      ['club-america', 'Club América', 'América', 'AME', '#FFD100', '#002A5C'],
      ['atlas', 'Atlas FC', 'Atlas', 'ATS', '#B5121B', '#111111'],
      ['atletico-san-luis', 'Atlético de San Luis', 'San Luis', 'ASL', '#D2142C', '#FFFFFF'],
      ['cruz-azul', 'Cruz Azul', 'Cruz Azul', 'CAZ', '#0047BB', '#FFFFFF'],
      ['guadalajara', 'C.D. Guadalajara', 'Chivas', 'GDL', '#CD1041', '#0A2240'],
      ['fc-juarez', 'FC Juárez', 'Juárez', 'JUA', '#6CC24A', '#E4002B'],
      ['leon', 'Club León', 'León', 'LEO', '#006847', '#F2C300'],
      ['mazatlan', 'Mazatlán FC', 'Mazatlán', 'MAZ', '#5B2C83', '#FFFFFF'],
      ['monterrey', 'C.F. Monterrey', 'Monterrey', 'MTY', '#002D72', '#FFFFFF'],
      ['necaxa', 'Club Necaxa', 'Necaxa', 'NEC', '#D50032', '#FFFFFF'],
      ['pachuca', 'C.F. Pachuca', 'Pachuca', 'PAC', '#003DA5', '#FFFFFF'],
      ['puebla', 'Club Puebla', 'Puebla', 'PUE', '#1C3F94', '#FFFFFF'],
      ['queretaro', 'Querétaro FC', 'Querétaro', 'QRO', '#0F3B8C', '#111111'],
      ['santos-laguna', 'Santos Laguna', 'Santos', 'SAN', '#00843D', '#FFFFFF'],
      ['tigres-uanl', 'Tigres UANL', 'Tigres', 'TIG', '#FDB913', '#003A70'],
      ['tijuana', 'Club Tijuana', 'Xolos', 'TIJ', '#C8102E', '#111111'],
      ['toluca', 'Deportivo Toluca', 'Toluca', 'TOL', '#D6001C', '#FFFFFF'],
      ['pumas-unam', 'Pumas UNAM', 'Pumas', 'PUM', '#002B5C', '#C5A052'],
    ],
  },
  {
    name: 'Premier League', slug: 'premier-league', firstId: 101, shape: 'shield',
    clubs: [
      ['arsenal', 'Arsenal', 'Arsenal', 'ARS', '#EF0107', '#FFFFFF'],
      ['aston-villa', 'Aston Villa', 'Aston Villa', 'AVL', '#670E36', '#95BFE5'],
      ['bournemouth', 'AFC Bournemouth', 'Bournemouth', 'BOU', '#DA291C', '#111111'],
      ['brentford', 'Brentford', 'Brentford', 'BRE', '#E30613', '#FFFFFF'],
      ['brighton', 'Brighton & Hove Albion', 'Brighton', 'BHA', '#0057B8', '#FFFFFF'],
      ['burnley', 'Burnley', 'Burnley', 'BUR', '#6C1D45', '#99D6EA'],
      ['chelsea', 'Chelsea', 'Chelsea', 'CHE', '#034694', '#FFFFFF'],
      ['crystal-palace', 'Crystal Palace', 'Crystal Palace', 'CRY', '#1B458F', '#C4122E'],
      ['everton', 'Everton', 'Everton', 'EVE', '#003399', '#FFFFFF'],
      ['fulham', 'Fulham', 'Fulham', 'FUL', '#FFFFFF', '#111111'],
      ['leeds-united', 'Leeds United', 'Leeds', 'LEE', '#FFFFFF', '#1D428A'],
      ['liverpool', 'Liverpool', 'Liverpool', 'LIV', '#C8102E', '#F6EB61'],
      ['manchester-city', 'Manchester City', 'Man City', 'MCI', '#6CABDD', '#1C2C5B'],
      ['manchester-united', 'Manchester United', 'Man United', 'MUN', '#DA291C', '#FBE122'],
      ['newcastle-united', 'Newcastle United', 'Newcastle', 'NEW', '#241F20', '#FFFFFF'],
      ['nottingham-forest', 'Nottingham Forest', "Nott'm Forest", 'NFO', '#DD0000', '#FFFFFF'],
      ['sunderland', 'Sunderland', 'Sunderland', 'SUN', '#EB172B', '#FFFFFF'],
      ['tottenham-hotspur', 'Tottenham Hotspur', 'Tottenham', 'TOT', '#FFFFFF', '#132257'],
      ['west-ham-united', 'West Ham United', 'West Ham', 'WHU', '#7A263A', '#1BB1E7'],
      ['wolverhampton', 'Wolverhampton Wanderers', 'Wolves', 'WOL', '#FDB913', '#231F20'],
    ],
  },
  {
    name: 'La Liga', slug: 'la-liga', firstId: 201, shape: 'shield',
    clubs: [
      ['alaves', 'Deportivo Alavés', 'Alavés', 'ALA', '#0761AF', '#FFFFFF'],
      ['athletic-club', 'Athletic Club', 'Athletic', 'ATH', '#EE2523', '#FFFFFF'],
      ['atletico-madrid', 'Atlético de Madrid', 'Atlético', 'ATM', '#CB3524', '#272E61'],
      ['barcelona', 'FC Barcelona', 'Barcelona', 'FCB', '#A50044', '#004D98'],
      ['celta', 'RC Celta', 'Celta', 'CEL', '#8AC3EE', '#E5254E'],
      ['elche', 'Elche CF', 'Elche', 'ELC', '#FFFFFF', '#05642C'],
      ['espanyol', 'RCD Espanyol', 'Espanyol', 'ESP', '#007FC8', '#FFFFFF'],
      ['getafe', 'Getafe CF', 'Getafe', 'GET', '#005999', '#FFFFFF'],
      ['girona', 'Girona FC', 'Girona', 'GIR', '#CD2534', '#FFFFFF'],
      ['levante', 'Levante UD', 'Levante', 'LEV', '#B4053F', '#004F9F'],
      ['mallorca', 'RCD Mallorca', 'Mallorca', 'MLL', '#E20613', '#111111'],
      ['osasuna', 'CA Osasuna', 'Osasuna', 'OSA', '#D91A21', '#0A346F'],
      ['rayo-vallecano', 'Rayo Vallecano', 'Rayo', 'RAY', '#FFFFFF', '#E53027'],
      ['real-betis', 'Real Betis', 'Betis', 'BET', '#00954C', '#FFFFFF'],
      ['real-madrid', 'Real Madrid', 'Real Madrid', 'RMA', '#FFFFFF', '#FEBE10'],
      ['real-oviedo', 'Real Oviedo', 'Oviedo', 'OVI', '#0066B3', '#FFFFFF'],
      ['real-sociedad', 'Real Sociedad', 'Real Sociedad', 'RSO', '#0067B1', '#FFFFFF'],
      ['sevilla', 'Sevilla FC', 'Sevilla', 'SEV', '#FFFFFF', '#D81E05'],
      ['valencia', 'Valencia CF', 'Valencia', 'VAL', '#FFFFFF', '#EE3524'],
      ['villarreal', 'Villarreal CF', 'Villarreal', 'VIL', '#FFE667', '#005187'],
    ],
  },
  {
    name: 'Bundesliga', slug: 'bundesliga', firstId: 301, shape: 'shield',
    clubs: [
      ['bayern-munchen', 'FC Bayern München', 'Bayern', 'FCB', '#DC052D', '#0066B2'],
      ['borussia-dortmund', 'Borussia Dortmund', 'Dortmund', 'BVB', '#FDE100', '#111111'],
      ['bayer-leverkusen', 'Bayer 04 Leverkusen', 'Leverkusen', 'B04', '#E32221', '#111111'],
      ['rb-leipzig', 'RB Leipzig', 'Leipzig', 'RBL', '#FFFFFF', '#DD0741'],
      ['eintracht-frankfurt', 'Eintracht Frankfurt', 'Frankfurt', 'SGE', '#E1000F', '#111111'],
      ['vfb-stuttgart', 'VfB Stuttgart', 'Stuttgart', 'VFB', '#FFFFFF', '#E32219'],
      ['sc-freiburg', 'SC Freiburg', 'Freiburg', 'SCF', '#111111', '#E2001A'],
      ['vfl-wolfsburg', 'VfL Wolfsburg', 'Wolfsburg', 'WOB', '#65B32E', '#FFFFFF'],
      ['mainz-05', '1. FSV Mainz 05', 'Mainz', 'M05', '#C3141E', '#FFFFFF'],
      ['borussia-monchengladbach', 'Borussia Mönchengladbach', "M'gladbach", 'BMG', '#FFFFFF', '#111111'],
      ['union-berlin', '1. FC Union Berlin', 'Union Berlin', 'FCU', '#EB1923', '#FFFFFF'],
      ['werder-bremen', 'SV Werder Bremen', 'Bremen', 'SVW', '#1D9053', '#FFFFFF'],
      ['fc-augsburg', 'FC Augsburg', 'Augsburg', 'FCA', '#BA3733', '#46714D'],
      ['hoffenheim', 'TSG Hoffenheim', 'Hoffenheim', 'TSG', '#1961B5', '#FFFFFF'],
      ['heidenheim', '1. FC Heidenheim', 'Heidenheim', 'FCH', '#E2001A', '#003B79'],
      ['st-pauli', 'FC St. Pauli', 'St. Pauli', 'STP', '#624839', '#FFFFFF'],
      ['fc-koln', '1. FC Köln', 'Köln', 'KOE', '#FFFFFF', '#ED1C24'],
      ['hamburger-sv', 'Hamburger SV', 'Hamburgo', 'HSV', '#FFFFFF', '#0A3F86'],
    ],
  },
  {
    name: 'Serie A', slug: 'serie-a', firstId: 401, shape: 'shield',
    clubs: [
      ['atalanta', 'Atalanta', 'Atalanta', 'ATA', '#1E71B8', '#111111'],
      ['bologna', 'Bologna', 'Bologna', 'BOL', '#A21C26', '#1A2F48'],
      ['cagliari', 'Cagliari', 'Cagliari', 'CAG', '#A6192E', '#002350'],
      ['como', 'Como 1907', 'Como', 'COM', '#003F7D', '#FFFFFF'],
      ['cremonese', 'Cremonese', 'Cremonese', 'CRE', '#D81E05', '#8A8D8F'],
      ['fiorentina', 'Fiorentina', 'Fiorentina', 'FIO', '#4B2E83', '#FFFFFF'],
      ['genoa', 'Genoa', 'Genoa', 'GEN', '#A6192E', '#002147'],
      ['hellas-verona', 'Hellas Verona', 'Verona', 'VER', '#002F6C', '#FFD100'],
      ['inter', 'Inter', 'Inter', 'INT', '#0068A8', '#111111'],
      ['juventus', 'Juventus', 'Juventus', 'JUV', '#111111', '#FFFFFF'],
      ['lazio', 'Lazio', 'Lazio', 'LAZ', '#87D8F7', '#FFFFFF'],
      ['lecce', 'Lecce', 'Lecce', 'LEC', '#FFD100', '#C8102E'],
      ['milan', 'AC Milan', 'Milan', 'MIL', '#FB090B', '#111111'],
      ['napoli', 'Napoli', 'Napoli', 'NAP', '#12A0D7', '#FFFFFF'],
      ['parma', 'Parma', 'Parma', 'PAR', '#FFFFFF', '#1B4F9C'],
      ['pisa', 'Pisa', 'Pisa', 'PIS', '#002B5C', '#111111'],
      ['roma', 'AS Roma', 'Roma', 'ROM', '#8E1F2F', '#F0BC42'],
      ['sassuolo', 'Sassuolo', 'Sassuolo', 'SAS', '#00A650', '#111111'],
      ['torino', 'Torino', 'Torino', 'TOR', '#8A1E03', '#FFFFFF'],
      ['udinese', 'Udinese', 'Udinese', 'UDI', '#111111', '#FFFFFF'],
    ],
  },
  {
    name: 'Ligue 1', slug: 'ligue-1', firstId: 501, shape: 'shield',
    clubs: [
      ['paris-saint-germain', 'Paris Saint-Germain', 'PSG', 'PSG', '#004170', '#DA291C'],
      ['marseille', 'Olympique de Marseille', 'Marsella', 'OM', '#FFFFFF', '#2FAEE0'],
      ['monaco', 'AS Monaco', 'Mónaco', 'ASM', '#E51B22', '#FFFFFF'],
      ['nice', 'OGC Nice', 'Niza', 'OGC', '#C8102E', '#111111'],
      ['lille', 'LOSC Lille', 'Lille', 'LIL', '#E01E13', '#24216A'],
      ['lyon', 'Olympique Lyonnais', 'Lyon', 'OL', '#FFFFFF', '#DA001A'],
      ['strasbourg', 'RC Strasbourg Alsace', 'Estrasburgo', 'RCS', '#009FE3', '#FFFFFF'],
      ['lens', 'RC Lens', 'Lens', 'RCL', '#FFD100', '#E30613'],
      ['brest', 'Stade Brestois', 'Brest', 'SB29', '#E30613', '#FFFFFF'],
      ['toulouse', 'Toulouse FC', 'Toulouse', 'TFC', '#5B2C83', '#FFFFFF'],
      ['auxerre', 'AJ Auxerre', 'Auxerre', 'AJA', '#FFFFFF', '#0055A4'],
      ['rennes', 'Stade Rennais', 'Rennes', 'SRF', '#E13327', '#111111'],
      ['nantes', 'FC Nantes', 'Nantes', 'FCN', '#FCD405', '#00963F'],
      ['angers', 'Angers SCO', 'Angers', 'SCO', '#111111', '#FFFFFF'],
      ['le-havre', 'Le Havre AC', 'Le Havre', 'HAC', '#8DC8E8', '#002D62'],
      ['lorient', 'FC Lorient', 'Lorient', 'FCL', '#F58220', '#111111'],
      ['paris-fc', 'Paris FC', 'Paris FC', 'PFC', '#1B2F5B', '#E0C48B'],
      ['metz', 'FC Metz', 'Metz', 'FCM', '#8B1538', '#FFFFFF'],
    ],
  },
  {
    name: 'MLS', slug: 'mls', firstId: 601, shape: 'shield',
    clubs: [
      ['atlanta-united', 'Atlanta United', 'Atlanta', 'ATL', '#80000A', '#111111'],
      ['austin-fc', 'Austin FC', 'Austin', 'ATX', '#00B140', '#111111'],
      ['cf-montreal', 'CF Montréal', 'Montréal', 'MTL', '#111111', '#0033A1'],
      ['charlotte-fc', 'Charlotte FC', 'Charlotte', 'CLT', '#1A85C8', '#111111'],
      ['chicago-fire', 'Chicago Fire FC', 'Chicago', 'CHI', '#FF0000', '#141946'],
      ['colorado-rapids', 'Colorado Rapids', 'Colorado', 'COL', '#960A2C', '#9CC2EA'],
      ['columbus-crew', 'Columbus Crew', 'Columbus', 'CLB', '#FEDD00', '#111111'],
      ['dc-united', 'D.C. United', 'D.C. United', 'DC', '#111111', '#EF3E42'],
      ['fc-cincinnati', 'FC Cincinnati', 'Cincinnati', 'CIN', '#003087', '#FE5000'],
      ['fc-dallas', 'FC Dallas', 'Dallas', 'DAL', '#E81F3E', '#2A4076'],
      ['houston-dynamo', 'Houston Dynamo FC', 'Houston', 'HOU', '#FF6B00', '#101820'],
      ['inter-miami', 'Inter Miami CF', 'Inter Miami', 'MIA', '#F7B5CD', '#231F20'],
      ['la-galaxy', 'LA Galaxy', 'LA Galaxy', 'LA', '#00245D', '#FFD200'],
      ['lafc', 'Los Angeles FC', 'LAFC', 'LAFC', '#111111', '#C39E6D'],
      ['minnesota-united', 'Minnesota United FC', 'Minnesota', 'MIN', '#8CD2F4', '#231F20'],
      ['nashville-sc', 'Nashville SC', 'Nashville', 'NSH', '#ECE83A', '#1F1646'],
      ['new-england-revolution', 'New England Revolution', 'New England', 'NE', '#0A2240', '#CE0E2D'],
      ['new-york-city-fc', 'New York City FC', 'NYCFC', 'NYC', '#6CACE4', '#041E42'],
      ['new-york-red-bulls', 'New York Red Bulls', 'NY Red Bulls', 'RBNY', '#ED1E36', '#23326A'],
      ['orlando-city', 'Orlando City SC', 'Orlando', 'ORL', '#633492', '#FDE192'],
      ['philadelphia-union', 'Philadelphia Union', 'Philadelphia', 'PHI', '#071B2C', '#B19B69'],
      ['portland-timbers', 'Portland Timbers', 'Portland', 'POR', '#004812', '#EBE72B'],
      ['real-salt-lake', 'Real Salt Lake', 'Salt Lake', 'RSL', '#B30838', '#013A81'],
      ['san-diego-fc', 'San Diego FC', 'San Diego', 'SD', '#0B2240', '#F2D7A1'],
      ['san-jose-earthquakes', 'San Jose Earthquakes', 'San José', 'SJ', '#0067B1', '#111111'],
      ['seattle-sounders', 'Seattle Sounders FC', 'Seattle', 'SEA', '#5D9741', '#005595'],
      ['sporting-kansas-city', 'Sporting Kansas City', 'Kansas City', 'SKC', '#A7C6ED', '#0C2340'],
      ['st-louis-city', 'St. Louis City SC', 'St. Louis', 'STL', '#DD004A', '#0A1E2C'],
      ['toronto-fc', 'Toronto FC', 'Toronto', 'TOR', '#B81137', '#455560'],
      ['vancouver-whitecaps', 'Vancouver Whitecaps FC', 'Vancouver', 'VAN', '#00245E', '#9DC2EA'],
    ],
  },
  {
    name: 'Internacional', slug: 'internacional', firstId: 701, shape: 'circle',
    clubs: [
      ['mexico', 'Selección de México', 'México', 'MEX', '#006847', '#CE1126'],
      ['estados-unidos', 'Estados Unidos', 'EE. UU.', 'USA', '#0A3161', '#B31942'],
      ['canada', 'Canadá', 'Canadá', 'CAN', '#D52B1E', '#FFFFFF'],
      ['costa-rica', 'Costa Rica', 'Costa Rica', 'CRC', '#CE1126', '#002B7F'],
      ['panama', 'Panamá', 'Panamá', 'PAN', '#DA121A', '#072357'],
      ['argentina', 'Argentina', 'Argentina', 'ARG', '#75AADB', '#FFFFFF'],
      ['brasil', 'Brasil', 'Brasil', 'BRA', '#FEDD00', '#009C3B'],
      ['uruguay', 'Uruguay', 'Uruguay', 'URU', '#5CBFEB', '#111111'],
      ['colombia', 'Colombia', 'Colombia', 'COL', '#FCD116', '#003893'],
      ['ecuador', 'Ecuador', 'Ecuador', 'ECU', '#FFDD00', '#034EA2'],
      ['paraguay', 'Paraguay', 'Paraguay', 'PAR', '#D52B1E', '#0038A8'],
      ['chile', 'Chile', 'Chile', 'CHI', '#D52B1E', '#0039A6'],
      ['espana', 'España', 'España', 'ESP', '#C60B1E', '#FFC400'],
      ['francia', 'Francia', 'Francia', 'FRA', '#002395', '#ED2939'],
      ['inglaterra', 'Inglaterra', 'Inglaterra', 'ENG', '#FFFFFF', '#CE1124'],
      ['alemania', 'Alemania', 'Alemania', 'GER', '#111111', '#DD0000'],
      ['portugal', 'Portugal', 'Portugal', 'POR', '#DA291C', '#046A38'],
      ['paises-bajos', 'Países Bajos', 'Países Bajos', 'NED', '#F36C21', '#FFFFFF'],
      ['italia', 'Italia', 'Italia', 'ITA', '#0066CC', '#FFFFFF'],
      ['belgica', 'Bélgica', 'Bélgica', 'BEL', '#E30613', '#111111'],
      ['croacia', 'Croacia', 'Croacia', 'CRO', '#FF0000', '#FFFFFF'],
      ['marruecos', 'Marruecos', 'Marruecos', 'MAR', '#C1272D', '#006233'],
      ['japon', 'Japón', 'Japón', 'JPN', '#000555', '#FFFFFF'],
      ['corea-del-sur', 'Corea del Sur', 'Corea del Sur', 'KOR', '#CD2E3A', '#0047A0'],
    ],
  },
];

export const clubs: Club[] = leagues.flatMap((league) =>
  league.clubs.map(([slug, name, shortName, initials, primary, secondary], i) => ({
    id: league.firstId + i,
    slug,
    name,
    shortName,
    initials,
    primary,
    secondary,
    league: league.name,
    leagueSlug: league.slug,
    shape: league.shape,
    logoUrl: `/crests/${league.slug}/${slug}.webp`,
  })),
);

export function clubBySlug(slug: string): Club {
  const club = clubs.find((c) => c.slug === slug);
  if (!club) throw new Error(`unknown club ${slug}`);
  return club;
}
