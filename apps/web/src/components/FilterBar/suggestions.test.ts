import { describe, expect, it } from 'vitest';
import { completeLast, matchingSuggestions } from './suggestions.ts';

const board = [
  { name: 'bug', items: 9 },
  { name: 'Debug tools', items: 5 },
  { name: 'ux', items: 3 },
  { name: 'BUGFIX', items: 1 },
];
const names = (value: string) => matchingSuggestions(value, board).map((s) => s.name);

describe('matchingSuggestions', () => {
  it('offers the names starting with the typed entry first, then those containing it, without case', () => {
    expect(names('bu')).toEqual(['bug', 'BUGFIX', 'Debug tools']);
    expect(names('BUG')).toEqual(['bug', 'BUGFIX', 'Debug tools']);
    expect(names('zzz')).toEqual([]);
  });

  it('reads the entry after the last comma and leaves out the names already listed', () => {
    expect(names('Bug, u')).toEqual(['ux', 'Debug tools', 'BUGFIX']);
    expect(names('ux, ')).toEqual(['bug', 'Debug tools', 'BUGFIX']);
  });

  it('shows the most used names, at most the limit, before anything is typed', () => {
    expect(matchingSuggestions('', board, 2).map((s) => s.name)).toEqual(['bug', 'Debug tools']);
  });
});

describe('completeLast', () => {
  it('replaces the entry being typed with the picked name', () => {
    expect(completeLast('bu', 'bug')).toBe('bug');
    expect(completeLast('ux,  bu', 'bug')).toBe('ux, bug');
    expect(completeLast('', 'bug')).toBe('bug');
    expect(completeLast('ux, ', 'bug')).toBe('ux, bug');
  });
});
