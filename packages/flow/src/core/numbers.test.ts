import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  coefficientOfVariation,
  compareIsoTimes,
  confidence,
  isoDay,
  isoTime,
  percentChange,
  quantile,
  round,
} from './numbers.ts';

describe('numbers', () => {
  it.each([
    [4, 6, 50],
    [6, 3, -50],
    [0, 5, 0],
    [5, 5, 0],
  ])('percentChange(%d, %d) = %d', (a, b, expected) => {
    expect(percentChange(a, b)).toBe(expected);
  });

  it('quantile interpolates linearly', () => {
    expect(quantile([10, 20, 30, 40], 0.5)).toBe(25);
    expect(quantile([10], 0.95)).toBe(10);
    expect(quantile([], 0.5)).toBeNull();
  });

  it('coefficient of variation needs two values', () => {
    expect(coefficientOfVariation([3])).toBeNull();
    expect(coefficientOfVariation([3, 5, 7, 8])).toBeCloseTo(0.334, 3);
  });

  it('confidence grows with the sample: below 0.5 under ten, capped at 0.95', () => {
    expect([0, 1, 9, 10, 100, 10_000].map(confidence)).toEqual([0, 0.09, 0.47, 0.5, 0.91, 0.95]);
  });

  it('round never returns NaN, Infinity or -0', () => {
    expect([Number.NaN, Number.POSITIVE_INFINITY, -0.001].map((v) => round(v))).toEqual([0, 0, 0]);
    expect(Object.is(round(-0.001), 0)).toBe(true);
  });

  it('isoTime writes what toISOString writes, for any time a Date holds', () => {
    const anyTime = fc.oneof(
      fc.integer({ min: -8.64e15, max: 8.64e15 }),
      fc.double({ min: -8.64e15, max: 8.64e15, noNaN: true }),
      fc.constantFrom(Date.parse('0000-01-01T00:00:00Z'), Date.parse('9999-12-31T23:59:59.999Z'), -1, 0.5),
    );
    fc.assert(
      fc.property(anyTime, (ms) => {
        expect(isoTime(ms)).toBe(new Date(ms).toISOString());
        expect(isoDay(Math.floor(ms / 86_400_000))).toBe(
          new Date(Math.floor(ms / 86_400_000) * 86_400_000).toISOString().slice(0, 10),
        );
      }),
      { numRuns: 2000 },
    );
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
  });

  it('isoTime writes every day of 1900–2100 as toISOString does, at its first and last millisecond', () => {
    const first = Date.parse('1900-01-01T00:00:00Z') / 86_400_000;
    const last = Date.parse('2100-12-31T00:00:00Z') / 86_400_000;
    let wrong = 0;
    for (let day = first; day <= last; day++)
      for (const ms of [day * 86_400_000, day * 86_400_000 + 86_399_999])
        if (isoTime(ms) !== new Date(ms).toISOString()) wrong++;
    expect(wrong).toBe(0);
  });
});

describe('compareIsoTimes', () => {
  it("orders any two instants' texts as localeCompare does", () => {
    const instant = fc.oneof(
      fc.integer({ min: -62_198_755_200_000, max: 253_402_300_799_999 }),
      // Near one another: most differences late in the text.
      fc.integer({ min: 1_700_000_000_000, max: 1_700_000_100_000 }),
      fc.integer({ min: -8_640_000_000_000_000, max: 8_640_000_000_000_000 }),
    );
    fc.assert(
      fc.property(instant, instant, (x, y) => {
        const [a, b] = [isoTime(x), isoTime(y)];
        expect(Math.sign(compareIsoTimes(a, b))).toBe(Math.sign(a.localeCompare(b)));
      }),
      { numRuns: 2000 },
    );
  });
});
