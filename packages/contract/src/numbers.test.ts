import { describe, expect, it } from 'vitest';
import { wholeNumber } from './numbers.ts';

describe('wholeNumber', () => {
  const days = wholeNumber('days', 1, 365);

  it('accepts whole numbers and strings of decimal digits', () => {
    expect(days.parse(7)).toBe(7);
    expect(days.parse('14')).toBe(14);
    expect(days.parse('007')).toBe(7);
  });

  it('refuses what Number() would have taken: booleans, arrays, hex, signs, spaces, exponents', () => {
    for (const input of [true, [1], '0x10', '+5', ' 5', '5 ', '1e2', '5.0', '', null, 2.5, Number.NaN]) {
      const result = days.safeParse(input);
      expect(result.success, JSON.stringify(input)).toBe(false);
    }
    expect(days.safeParse('0x10').error?.issues[0]?.message).toBe(
      'days must be a whole number (decimal digits only)',
    );
  });

  it('names the parameter and the unit when out of range', () => {
    expect(wholeNumber('iteration_length', 1, 365, 'days').safeParse('400').error?.issues[0]?.message).toBe(
      'iteration_length must be at most 365 days',
    );
    expect(days.safeParse(0).error?.issues[0]?.message).toBe('days must be at least 1');
  });
});
