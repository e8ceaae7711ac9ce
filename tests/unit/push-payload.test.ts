import { describe, expect, it } from 'vitest';
import { parsePushPayload, safeAppPath } from '../../service-worker/push-payload.ts';

const ORIGIN = 'https://quinielazo.mx';

describe('push payloads', () => {
  it('reads {title, body, url}', () => {
    const raw = JSON.stringify({ title: '¡Cierra pronto!', body: 'La quiniela cierra en 1 hora.', url: '/picks?quiniela=current' });
    expect(parsePushPayload(raw, ORIGIN)).toEqual({ title: '¡Cierra pronto!', body: 'La quiniela cierra en 1 hora.', url: '/picks?quiniela=current' });
  });

  it('falls back to the product name and the start page', () => {
    expect(parsePushPayload(undefined, ORIGIN)).toEqual({ title: 'Quinielazo', body: '', url: '/' });
    expect(parsePushPayload(JSON.stringify({ body: 'Hola', title: '  ' }), ORIGIN)).toEqual({ title: 'Quinielazo', body: 'Hola', url: '/' });
  });

  it('shows a plain-text payload as the body', () => {
    expect(parsePushPayload('Ya hay resultados', ORIGIN)).toEqual({ title: 'Quinielazo', body: 'Ya hay resultados', url: '/' });
  });

  it('never opens another site', () => {
    expect(safeAppPath('https://evil.example/phish', ORIGIN)).toBe('/');
    expect(safeAppPath('//evil.example/x', ORIGIN)).toBe('/');
    expect(safeAppPath('javascript:alert(1)', ORIGIN)).toBe('/');
    expect(safeAppPath(`${ORIGIN}/leaderboard#yo`, ORIGIN)).toBe('/leaderboard#yo');
    expect(safeAppPath(42, ORIGIN)).toBe('/');
  });

  it('keeps a round tag so reminders replace each other, and drops a malformed one', () => {
    expect(parsePushPayload(JSON.stringify({ title: 'A', url: '/picks?quiniela=4', tag: 'quiniela-4' }), ORIGIN)).toEqual({ title: 'A', body: '', url: '/picks?quiniela=4', tag: 'quiniela-4' });
    expect(parsePushPayload(JSON.stringify({ title: 'A', tag: '<script>' }), ORIGIN)).toEqual({ title: 'A', body: '', url: '/' });
    expect(parsePushPayload(JSON.stringify({ title: 'A', tag: 7 }), ORIGIN)).toEqual({ title: 'A', body: '', url: '/' });
  });
});
