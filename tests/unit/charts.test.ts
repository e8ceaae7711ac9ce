// What the charts say in words (issue 33): the week's climb beside the month's race, the race's
// text alternative, the round's split as percentages that add up to 100, and the Pro pool's line.
import { describe, expect, it } from 'vitest';
import { barLabels } from '../../src/components/charts/bar-chart.tsx';
import { splitLabel } from '../../src/components/charts/split-bar.tsx';
import { splitPercents } from '../../src/lib/game/vote-split.ts';
import { chartSummary } from '../../src/features/admin/chart-summary.ts';
import { poolLabel, poolLine } from '../../src/features/pro/model/pool-history.ts';
import { climbSentence, raceLabel, raceSentence, weekClimb } from '../../src/features/standings/race.ts';

describe('the week’s climb', () => {
  it('compares the latest day with the last one at least a week before it', () => {
    const line = [
      { day: '2026-11-02', rank: 30 },
      { day: '2026-11-12', rank: 20 },
      { day: '2026-11-15', rank: 15 },
      { day: '2026-11-22', rank: 8 },
    ];
    expect(weekClimb(line)).toBe(7);
    expect(climbSentence(weekClimb(line))).toBe('Subiste 7 lugares esta semana');
  });

  it('uses the first day when the line is younger than a week, and says a fall or one place plainly', () => {
    expect(weekClimb([{ day: '2026-11-20', rank: 3 }, { day: '2026-11-22', rank: 4 }])).toBe(-1);
    expect(climbSentence(-1)).toBe('Bajaste 1 lugar esta semana');
    expect(climbSentence(0, 'other')).toBe('Mantiene su lugar esta semana');
    expect(weekClimb([{ day: '2026-11-22', rank: 4 }])).toBeNull();
    expect(climbSentence(null)).toBeNull();
  });
});

describe('the race’s text alternative', () => {
  it('says the climb from first to last day and the best place', () => {
    expect(raceLabel([{ day: '2026-11-03', rank: 12 }, { day: '2026-11-10', rank: 2 }, { day: '2026-11-27', rank: 3 }], 'noviembre')).toBe(
      'Tu posición en noviembre subió: del 12.º lugar el 3 de noviembre al 3.º lugar el 27 de noviembre; el mejor, 2.º.',
    );
  });

  it('gives a new player one sentence, not an empty axis', () => {
    expect(raceLabel([{ day: '2026-11-27', rank: 40 }], 'noviembre', 'other')).toBe('Su posición en noviembre: 40.º lugar el 27 de noviembre.');
    expect(raceLabel([], 'noviembre')).toBe('Tu posición en noviembre: sin lugar en el ranking.');
  });
});

describe('the sentence above the race (issue 44, item 3)', () => {
  const line = [{ day: '2026-11-03', rank: 12 }, { day: '2026-11-30', rank: 2 }];
  it('names the month, never "este mes": a past month is over, its line ends on the final place', () => {
    expect(raceSentence([], 'noviembre', 'me', true)).toBe('No tuviste lugar en el ranking de noviembre.');
    expect(raceSentence([], 'noviembre', 'other', true)).toBe('Sin lugar en el ranking de noviembre.');
    expect(raceSentence(line, 'noviembre', 'me', true)).toBe('Terminaste noviembre en 2.º lugar.');
    expect(raceSentence(line.slice(1), 'noviembre', 'other', true)).toBe('Terminó noviembre en 2.º lugar.');
  });

  it('in the current month: how to get a line, the first day, then the week’s climb', () => {
    expect(raceSentence([], 'diciembre', 'me', false)).toBe('Aún no apareces en el ranking de diciembre: juega la quiniela y aquí verás tu línea.');
    expect(raceSentence([], 'diciembre', 'other', false)).toBe('Aún sin lugar en el ranking de diciembre.');
    expect(raceSentence([{ day: '2026-12-02', rank: 8 }], 'diciembre', 'me', false)).toBe(
      'Tu primer día en el ranking: 8.º lugar. Cada día que juegues sumará un punto a tu línea.',
    );
    expect(raceSentence(line, 'noviembre', 'me', false)).toBe('Subiste 10 lugares esta semana');
  });
});

describe('the round’s split', () => {
  it('rounds to whole percentages that add up to 100', () => {
    expect(splitPercents({ Local: 1, Empate: 1, Visita: 1 })).toEqual({ Local: 34, Empate: 33, Visita: 33 });
    expect(splitPercents({ Local: 0, Empate: 0, Visita: 0 })).toEqual({ Local: 0, Empate: 0, Visita: 0 });
  });

  it('names the pick and the result', () => {
    expect(splitLabel({ Local: 6, Empate: 1, Visita: 3 }, 'Local', 'Visita')).toBe('Votos: Local 60%, Empate 10%, Visita 30%. Tu predicción: Local. Resultado: Visita.');
    expect(splitLabel({ Local: 0, Empate: 0, Visita: 0 }, null, null)).toBe('Nadie votó este partido.');
  });
});

describe('the Pro pool’s line', () => {
  const points = [{ at: 1_000, mxn: 0 }, { at: 5_000, mxn: 200 }, { at: 9_000, mxn: 1450.5 }];

  it('says where it started and ends, and the floor; below the floor, that the floor pays', () => {
    expect(poolLabel(points, 300)).toBe('La bolsa creció de 0 a 1,450.5 MXN; el mínimo es 300 MXN.');
    expect(poolLabel(points.slice(0, 2), 300)).toBe('La bolsa creció de 0 a 200 MXN; el mínimo es 300 MXN. Mientras no lo supere, la bolsa paga el mínimo.');
    expect(poolLabel([{ at: 1_000, mxn: 0 }], 300)).toBe('Todavía no hay pagos en esta quiniela; la bolsa paga el mínimo garantizado de 300 MXN.');
  });

  it('runs flat to now (or to when the copy was saved), never past the close', () => {
    expect(poolLine(points, 12_000, 20_000).at(-1)).toEqual({ at: 12_000, mxn: 1450.5 });
    expect(poolLine(points, 30_000, 20_000).at(-1)).toEqual({ at: 20_000, mxn: 1450.5 });
    expect(poolLine(points, 8_000, 20_000)).toEqual(points);
    expect(poolLine([], 8_000, 20_000)).toEqual([]);
  });
});

describe('the admin’s 30 days in words', () => {
  const days = (values: number[]) => values.map((value, i) => ({ name: `${i + 1}/11`, value }));

  it('says a daily head count as an average, not a sum of the same players', () => {
    // 31 players active over 30 days are not "436 jugadores en total" (found on a walk, 2026-11-28).
    expect(chartSummary({ title: 'Jugadores activos por día', rows: days([12, 9, 21]), unit: ['jugador', 'jugadores'], sum: 'average' })).toBe(
      'Jugadores activos por día: 14 jugadores al día en promedio; el máximo, 21 (3/11).',
    );
  });

  it('counts by Spanish plural rules: 1 referido, 0 registros', () => {
    expect(chartSummary({ title: 'Referidos por día', rows: days([0, 1, 0]), unit: ['referido', 'referidos'], sum: 'total' })).toBe('Referidos por día: 1 referido en total; el máximo, 1 (2/11).');
    expect(chartSummary({ title: 'Registros por día', rows: days([0, 0]), unit: ['registro', 'registros'], sum: 'total' })).toBe('Registros por día: 0 registros en total; el máximo, 0 (1/11).');
  });
});

describe('a bar chart’s names and values', () => {
  const bars = (n: number) => Array.from({ length: n }, (_, i) => ({ key: i, name: `${i + 1}/11`, value: i === 4 ? 50 : i }));

  it('names every bar of a short chart', () => {
    expect(barLabels(bars(5))).toEqual({ named: [true, true, true, true, true], valued: [true, true, true, true, true] });
  });

  it('names every few of 31 days, counted back from today, and writes only the peak and the last value', () => {
    const { named, valued } = barLabels(bars(31));
    expect(named.flatMap((on, i) => (on ? [i] : []))).toEqual([0, 6, 12, 18, 24, 30]);
    expect(valued.flatMap((on, i) => (on ? [i] : []))).toEqual([4, 30]);
  });
});
