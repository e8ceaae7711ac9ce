import { describe, expect, it } from 'vitest';
import { formatPublishDate, publishDateAttr } from '../../src/features/blog/publish-date';

describe('publish dates', () => {
  it('are Mexico City calendar days in Spanish', () => {
    expect(formatPublishDate('2025-08-01T16:00:00Z')).toBe('1 de agosto de 2025');
    // 03:00 UTC on 2 June is still 1 June in Mexico City (UTC−6).
    expect(formatPublishDate('2025-06-02T03:00:00Z')).toBe('1 de junio de 2025');
    expect(publishDateAttr('2025-06-02T03:00:00Z')).toBe('2025-06-01');
  });
});
