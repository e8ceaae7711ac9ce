import { describe, expect, it } from 'vitest';
import { savedCopyText } from '../../src/components/ui/saved-copy-note.tsx';

describe('the saved-copy note', () => {
  it('ends in one full stop, also after an afternoon time written "p.m."', () => {
    // 13:06 and 09:06 in any zone the phone may have: one of them is "p.m." in es-MX's 12-hour clock.
    for (const at of [Date.UTC(2026, 10, 26, 19, 6), Date.UTC(2026, 10, 26, 15, 6), Date.UTC(2026, 10, 26, 3, 6)]) {
      const text = savedCopyText(at, 'de tu historial');
      expect(text).toMatch(/^Sin conexión: ves la copia de tu historial guardada el .+[^.]\.$|^Sin conexión: ves la copia de tu historial guardada el .+ [ap]\. ?m\.$/);
      expect(text).not.toMatch(/\.\.$/);
    }
  });
});
