// The settings screen's pure rules (docs/product.md#settings): the 4-character username rule,
// when availability is asked, when the save bar may save, the save error's wording, and the
// club picker's league filter and search, and the e-mail and password changes' words (issue 42).
import { describe, expect, it } from 'vitest';
import {
  canSaveProfile,
  codeFrom,
  emailChangeSentMessage,
  filterClubs,
  isHalfConfirmedEmailChange,
  isProfileDirty,
  LEAGUES,
  profileErrorMessage,
  SETTINGS_MESSAGES,
  SETTINGS_USERNAME_MIN,
  usernameError,
  usernameToCheck,
} from '../../src/features/settings/rules.ts';

const saved = { username: 'Ana_Aguila', favoriteClubId: 1 };

describe('username rule', () => {
  it('asks for at least 4 characters after trimming, with the spec message', () => {
    expect(SETTINGS_USERNAME_MIN).toBe(4);
    expect(usernameError('')).toBe('El nombre de usuario debe tener al menos 4 caracteres.');
    expect(usernameError('abc')).toBe(SETTINGS_MESSAGES.usernameTooShort);
    expect(usernameError('  abc  ')).toBe(SETTINGS_MESSAGES.usernameTooShort);
    expect(usernameError('abcd')).toBeNull();
    expect(usernameError(' abcd ')).toBeNull();
  });

  it("applies the database's rule too: at most 20 characters, only letters, digits, _, . and -", () => {
    expect(usernameError('a'.repeat(21))).toBe('El nombre de usuario puede tener como máximo 20 caracteres.');
    expect(usernameError('Gol\u200Bazo')).toBe('El nombre de usuario solo puede tener letras, números, _, . y -.');
    expect(usernameToCheck('Ana_Aguila', 'Gol azo')).toBeNull();
    expect(usernameToCheck('Ana_Aguila', 'Ａｎａ_Ｇｏｌ')).toBe('Ana_Gol');
  });
});

describe('availability check', () => {
  it('skips empty, unchanged and too-short names', () => {
    expect(usernameToCheck('Ana_Aguila', '')).toBeNull();
    expect(usernameToCheck('Ana_Aguila', '   ')).toBeNull();
    expect(usernameToCheck('Ana_Aguila', 'Ana_Aguila')).toBeNull();
    expect(usernameToCheck('Ana_Aguila', ' Ana_Aguila ')).toBeNull();
    expect(usernameToCheck('Ana_Aguila', 'abc')).toBeNull();
  });

  it('asks for a changed name, trimmed, including a re-cased one', () => {
    expect(usernameToCheck('Ana_Aguila', ' Beto_Tigre ')).toBe('Beto_Tigre');
    expect(usernameToCheck('Ana_Aguila', 'ana_aguila')).toBe('ana_aguila');
  });
});

describe('save bar', () => {
  it('is clean when nothing changed, even with surrounding spaces in the username', () => {
    expect(isProfileDirty(saved, saved)).toBe(false);
    expect(isProfileDirty(saved, { ...saved, username: ' Ana_Aguila ' })).toBe(false);
    expect(canSaveProfile(saved, saved)).toBe(false);
  });

  it('saves a changed username of 4 or more characters', () => {
    expect(isProfileDirty(saved, { ...saved, username: 'Anita' })).toBe(true);
    expect(canSaveProfile(saved, { ...saved, username: 'Anita' })).toBe(true);
    expect(canSaveProfile(saved, { ...saved, username: 'Ana1' })).toBe(true);
  });

  it('does not save a username shorter than 4, whatever else changed', () => {
    expect(isProfileDirty(saved, { ...saved, username: 'Ana' })).toBe(true);
    expect(canSaveProfile(saved, { ...saved, username: 'Ana' })).toBe(false);
    expect(canSaveProfile(saved, { username: ' An ', favoriteClubId: 2 })).toBe(false);
  });

  it('saves a club change alone, and choosing a first club', () => {
    expect(canSaveProfile(saved, { ...saved, favoriteClubId: 101 })).toBe(true);
    const noClub = { username: 'nuevo_jugador', favoriteClubId: null };
    expect(canSaveProfile(noClub, noClub)).toBe(false);
    expect(canSaveProfile(noClub, { ...noClub, favoriteClubId: 5 })).toBe(true);
  });
});

describe('profile save error', () => {
  it('names a taken username (unique violation) and keeps the spec wording otherwise', () => {
    expect(profileErrorMessage('23505')).toMatch(/^Error al actualizar el perfil\. .*nombre de usuario/);
    expect(profileErrorMessage('42501')).toBe('Error al actualizar el perfil.');
    expect(profileErrorMessage(undefined)).toBe('Error al actualizar el perfil.');
    expect(profileErrorMessage('23514', 'too_long')).toBe('Error al actualizar el perfil. El nombre de usuario puede tener como máximo 20 caracteres.');
    expect(profileErrorMessage('23514', 'algo')).toBe('Error al actualizar el perfil.');
  });
});

describe('club picker', () => {
  const clubs = [
    { id: 1, name: 'Club América', shortName: 'América', league: 'Liga MX' },
    { id: 2, name: 'Atlético de San Luis', shortName: 'San Luis', league: 'Liga MX' },
    { id: 201, name: 'Real Madrid', shortName: null, league: 'La Liga' },
    { id: 202, name: 'Atlético de Madrid', shortName: 'Atlético', league: 'La Liga' },
  ];

  it('lists the spec leagues in order, Jugadores last', () => {
    expect(LEAGUES).toEqual(['Liga MX', 'Premier League', 'La Liga', 'Bundesliga', 'Serie A', 'Internacional', 'MLS', 'Ligue 1', 'Jugadores']);
  });

  it('filters by league without a search', () => {
    expect(filterClubs(clubs, 'Liga MX', '').map((c) => c.id)).toEqual([1, 2]);
    expect(filterClubs(clubs, 'La Liga', '  ').map((c) => c.id)).toEqual([201, 202]);
    expect(filterClubs(clubs, 'Jugadores', '')).toEqual([]);
  });

  it('searches every league, ignoring case and accents', () => {
    expect(filterClubs(clubs, 'Liga MX', 'atletico').map((c) => c.id)).toEqual([2, 202]);
    expect(filterClubs(clubs, 'Jugadores', 'REAL').map((c) => c.id)).toEqual([201]);
    expect(filterClubs(clubs, 'Liga MX', 'américa').map((c) => c.id)).toEqual([1]);
    expect(filterClubs(clubs, 'Liga MX', 'zzz')).toEqual([]);
  });
});

describe('e-mail and password changes (issue 42)', () => {
  it('knows GoTrue\'s return from the first of the two e-mail links, and nothing else', () => {
    const first = '#message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email&sb=';
    expect(isHalfConfirmedEmailChange(first)).toBe(true);
    expect(isHalfConfirmedEmailChange('#access_token=x&type=email_change')).toBe(false);
    expect(isHalfConfirmedEmailChange('#error=access_denied&error_code=otp_expired')).toBe(false);
    expect(isHalfConfirmedEmailChange('')).toBe(false);
  });

  it('tells the player both addresses got a link and that nothing changes until both confirm', () => {
    expect(emailChangeSentMessage('ana@correo.mx', 'ana@nuevo.mx')).toBe(
      'Te enviamos un enlace a ana@correo.mx y otro a ana@nuevo.mx. Ábrelos los dos para confirmar el cambio: hasta entonces tu correo sigue siendo ana@correo.mx.',
    );
  });

  it('reads a six-digit code as typed on a phone', () => {
    expect(codeFrom('482913')).toBe('482913');
    expect(codeFrom(' 482 913 ')).toBe('482913');
    expect(codeFrom('482-913')).toBe('482913');
    expect(codeFrom('48291')).toBeNull();
    expect(codeFrom('48291a')).toBeNull();
    expect(codeFrom('')).toBeNull();
  });
});
