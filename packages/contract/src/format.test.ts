import { describe, expect, it } from 'vitest';
import { canonicalLocale, DEFAULT_LOCALE, formatter, iterationWindow, roundTo } from './format.ts';

describe('roundTo: the engine’s toFixed rounding', () => {
  it('rounds as the insights do (57.15 is 57.1: its binary value lies below), never to −0', () => {
    expect(roundTo(57.15, 1)).toBe(57.1);
    expect(roundTo(23.24, 1)).toBe(23.2);
    expect(roundTo(23.25, 1)).toBe(23.3);
    expect(Object.is(roundTo(-0.01, 1), 0)).toBe(true);
  });
});

describe('formatter', () => {
  const us = formatter('en-US');
  const gb = formatter('en-GB');
  const de = formatter('de-DE');

  it('writes one duration the same way everywhere: 23.24 days is "23.2 days"', () => {
    expect(us.days(23.24)).toBe('23.2');
    expect(us.duration(23.24)).toBe('23.2 days');
    expect(us.duration(1.04)).toBe('1 day');
    expect(us.duration(4.5, 'working days')).toBe('4.5 working days');
    expect(us.duration(12)).toBe('12 days');
  });

  it('follows the locale for separators', () => {
    expect(us.number(1234.56)).toBe('1,234.6');
    expect(de.number(1234.56)).toBe('1.234,6');
    expect(de.duration(23.24)).toBe('23,2 days');
    expect(us.count(12345)).toBe('12,345');
    expect(us.percent(86.44)).toBe('86.4%');
    expect(us.signedPercent(3.24)).toBe('+3.2%');
    expect(us.signedPercent(-0.04)).toBe('0%');
    expect(us.signedPercent(-12)).toBe('-12%');
  });

  it('dates a calendar day as that day, and an instant in the time zone given', () => {
    expect(us.date('2026-11-29')).toBe('Nov 29, 2026');
    expect(gb.date('2026-11-29')).toBe('29 Nov 2026');
    expect(us.dayMonth('2026-11-29')).toBe('Nov 29');
    expect(gb.dayMonth('2026-11-29')).toBe('29 Nov');
    // 00:50 UTC on the 29th is still the 28th in New York and already 05:50 in Kolkata (+05:30).
    expect(us.date('2026-11-29T00:50:43Z', 'America/New_York')).toBe('Nov 28, 2026');
    expect(us.dateTime('2026-11-29T00:50:43Z')).toBe('Nov 29, 2026, 12:50 AM');
    expect(gb.dateTime('2026-11-29T00:50:43Z', '+05:30')).toBe('29 Nov 2026, 6:20');
    expect(us.date('not a date')).toBeNull();
  });

  it('reads an unknown or invalid locale as the default one', () => {
    expect(canonicalLocale('en-gb')).toBe('en-GB');
    expect(canonicalLocale('not a locale!')).toBeNull();
    expect(formatter('not a locale!').locale).toBe(DEFAULT_LOCALE);
    expect(formatter(undefined).locale).toBe(DEFAULT_LOCALE);
    expect(formatter('en-US')).toBe(us);
  });
});

describe('iterationWindow: the bottleneck’s window, in one wording for the web and the engine', () => {
  it('names the iteration as the tiles, Home, Flow and the digest do', () => {
    expect(iterationWindow(14)).toBe('last 14 days (iteration)');
  });
});
