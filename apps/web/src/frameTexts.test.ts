import { describe, expect, it } from 'vitest';
import { T as frame } from './frameTexts.ts';
import { T } from './texts.ts';

/** Every text of the frame with its path: ['nav.home', 'Home'], …; a function is called with 'x'. */
function leaves(value: unknown, path = ''): [string, unknown][] {
  if (typeof value === 'function') return [[path, value('x')]];
  if (typeof value !== 'object' || value === null) return [[path, value]];
  return Object.entries(value).flatMap(([key, inner]) => leaves(inner, path ? `${path}.${key}` : key));
}

describe('the frame texts (first load)', () => {
  it('are the texts of the same names in texts.ts', () => {
    const frameLeaves = leaves(frame);
    expect(frameLeaves.length).toBeGreaterThan(20);
    for (const [path, text] of frameLeaves) {
      const inT = path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], T);
      expect([path, typeof inT === 'function' ? inT('x') : inT]).toEqual([path, text]);
    }
  });
});
