import { describe, expect, it } from 'vitest';
import { formatMXN } from '@/lib/format';

describe('formatMXN', () => {
  const intl = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });
  it("writes money as Intl's es-MX currency format does", () => {
    const amounts = [0, -0, 0.5, 1, 9.99, 10, 99.995, 100, 999.994, 999.995, 1000, 1234.5, 12345.67, 123456, 1000000, 1234567.891, 98765432.1, -5, -1234.5, -0.001, 0.004, 1.005, 2.675, 0.0000001, 1.255, 8.345];
    for (const amount of amounts) expect(formatMXN(amount), String(amount)).toBe(intl.format(amount));
  });
  it('holds to it across a range of prizes and pools', () => {
    for (let cents = 0; cents < 5_000_000; cents += 7919) expect(formatMXN(cents / 100)).toBe(intl.format(cents / 100));
  });
});
