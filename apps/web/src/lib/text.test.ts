import { describe, expect, it } from 'vitest';
import { messageTone, truncateTitle } from './text.ts';

describe('truncateTitle', () => {
  it('keeps titles up to 40 characters and cuts longer ones', () => {
    const forty = 'x'.repeat(40);
    expect(truncateTitle(forty)).toBe(forty);
    expect(truncateTitle(`${forty}yz`)).toBe(`${forty}…`);
    expect(truncateTitle('Roadmap')).toBe('Roadmap');
  });
});

describe('messageTone', () => {
  it.each([
    ['Project successfully added!', 'success'],
    ['Project updated!', 'success'],
    ['Subscription reactivated successfully!', 'success'],
    ['Project deleted.', 'success'],
    ['Subscription will end at: Dec 1, 2026', 'success'],
    ['Error adding project.', 'danger'],
    ['Error updating project.', 'danger'],
    ['Error deleting project.', 'danger'],
    ['Cancel failed. Please try again or contact support.', 'danger'],
    ['Reactivation failed. Please try again or contact support.', 'danger'],
  ])('%s → %s', (text, tone) => expect(messageTone(text)).toBe(tone));
});
